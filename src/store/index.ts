export type * from './database.js';
export { dialectOf, type OpenStoreOptions, openStore, type Store } from './open-store.js';
export {
  getWorkspaceSettings,
  saveWorkspaceSettings,
  type WorkspaceSettings,
  type WorkspaceSettingsChange,
} from './workspace-settings.js';
