export type { ExportKey, ExportKind, ExportRow, ExportState } from './export-row.js';
export { ENDED, exportKeyOf } from './export-row.js';
export {
  findExport,
  insertExport,
  insertExportOnce,
  moveExport,
  settleStarting,
} from './export-store.js';
export type { ExportDeps, ExportMessages, ExportSource, FetchedPage } from './ports.js';
export { ExportStop } from './ports.js';
export { EDIT_EVERY_MS } from './run-export.js';
export { createExportRunner, type ExportRunner } from './runner.js';
