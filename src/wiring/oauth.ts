import { WebClient } from '@slack/web-api';
import type { Config } from '../config.js';
import type { SecretBox } from '../secrets/cipher.js';
import { slackClientOptions } from '../slack/app.js';
import { databaseInstallationStore } from '../slack/oauth/installation-store.js';
import { databaseStateStore } from '../slack/oauth/state-store.js';
import type { Store } from '../store/index.js';

/**
 * Many-workspace mode's parts: installations and single-use states in the database, and a Web
 * API client per workspace, built from its own (decrypted) bot token, for work that runs outside
 * a request (QR status edits, summaries, budget warnings).
 */
export function oauthWiring(p: {
  config: Config;
  store: Store;
  box: SecretBox;
  clock: () => Date;
}) {
  const installationStore = databaseInstallationStore(p.store.db, p.box, p.clock);
  const stateStore = databaseStateStore(p.store.db);
  const clients = new Map<string, WebClient>();
  return {
    stores: { installationStore, stateStore },
    teamIds: () => installationStore.teamIds(),
    async clientFor(teamId: string): Promise<WebClient> {
      const installation = await installationStore.fetchInstallation({
        teamId,
        enterpriseId: undefined,
        isEnterpriseInstall: false,
      });
      const token = installation.bot?.token;
      if (!token) throw new Error('installation without a bot token');
      let client = clients.get(token);
      if (!client) {
        client = new WebClient(token, slackClientOptions(p.config));
        clients.set(token, client);
      }
      return client;
    },
    forget() {
      clients.clear();
    },
  };
}

export type OAuthWiring = ReturnType<typeof oauthWiring>;
