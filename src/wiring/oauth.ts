import type { App } from '@slack/bolt';
import { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { createSecretBox, type SecretBox } from '../secrets/cipher.js';
import { rotateKeys } from '../secrets/rotate.js';
import { slackClientOptions } from '../slack/delivery/slack-client-options.js';
import { databaseInstallationStore } from '../slack/oauth/installation-store.js';
import { databaseStateStore } from '../slack/oauth/state-store.js';
import { teamEnterprises } from '../slack/oauth/team-enterprises.js';
import { workspaceSettings } from '../slack/settings/workspace-settings.js';
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
  const stateSecret = p.config.slack.stateSecret;
  if (!stateSecret) throw new Error('OAuth mode needs SLACK_STATE_SECRET');
  const stateStore = databaseStateStore(p.store.db, stateSecret);
  // One client per workspace, replaced when its token changes (a reinstall) and dropped when it
  // uninstalls: the map never holds more than the installed workspaces.
  const clients = new Map<string, { token: string; client: WebClient; enterpriseId?: string }>();
  // Bumped by each forget: a lookup that began before one does not put its client back.
  let forgets = 0;
  const enterprises = teamEnterprises(p.store.db, p.clock);
  return {
    stores: { installationStore, stateStore },
    teamIds: () => installationStore.teamIds(),
    /** Notes a workspace's Grid organisation, as a request from it names it. */
    rememberEnterprise: enterprises.remember,
    async clientFor(teamId: string): Promise<WebClient> {
      const began = forgets;
      // A workspace of an org-wide install has no row of its own: its org's row serves it.
      const enterpriseId = await enterprises.of(teamId);
      const installation = await installationStore.fetchInstallation({
        teamId,
        enterpriseId,
        isEnterpriseInstall: false,
      });
      const token = installation.bot?.token;
      if (!token) throw new Error('installation without a bot token');
      const known = clients.get(teamId);
      if (known?.token === token) return known.client;
      const client = new WebClient(token, slackClientOptions(p.config));
      if (began === forgets) clients.set(teamId, { token, client, enterpriseId });
      return client;
    },
    /** Drops the clients kept for an uninstalled workspace, or for every workspace of an org. */
    forget(id: string) {
      forgets += 1;
      enterprises.drop(id);
      installationStore.forget(id);
      for (const [team, c] of clients)
        if (team === id || c.enterpriseId === id) clients.delete(team);
    },
    /** How many workspace clients are kept in memory. */
    clientCount: () => clients.size,
  };
}

export type OAuthWiring = ReturnType<typeof oauthWiring>;

/**
 * Who the workspaces are: the secret box under ENCRYPTION_KEY (when set), the per-workspace
 * settings it encrypts tokens for, and in OAuth mode the installations and each team's client.
 * Stored secrets under ENCRYPTION_KEY_PREVIOUS or sealed before they were bound to their row are
 * resealed first (the rotate-keys path, compare-and-set per row, so replicas may race).
 */
export async function tenancy(p: {
  config: Config;
  store: Store;
  clock: () => Date;
  logger: Logger;
}) {
  const { config } = p;
  const box = config.encryptionKey
    ? createSecretBox(config.encryptionKey, config.encryptionKeyPrevious)
    : undefined;
  if (box) {
    const { rewritten } = await rotateKeys(p.store.db, box);
    if (rewritten > 0) p.logger.info({ rewritten, keyId: box.keyId }, 'stored secrets resealed');
  }
  const settings = workspaceSettings(p.store, config, box, p.logger);
  // The background loops read the same rows through their own pool (see Store.background).
  const backgroundStore = {
    ...p.store,
    db: p.store.background,
    settings: p.store.settings.via(p.store.background),
  };
  const backgroundSettings = workspaceSettings(backgroundStore, config, box, p.logger);
  const oauth = config.mode === 'oauth' && box ? oauthWiring({ ...p, box }) : undefined;
  /** The Web API client of a team: its installation's in OAuth mode, else the one app client. */
  const clientFor = (app: () => WebClient) => (teamId: string) =>
    oauth ? oauth.clientFor(teamId) : Promise.resolve(app());
  return {
    settings,
    background: { store: backgroundStore, settings: backgroundSettings },
    oauth,
    clientFor,
    box,
  };
}

/**
 * Notes each Grid workspace's organisation as its requests arrive (once per workspace and
 * process), so its org-wide installation is found for work outside a request.
 */
export function rememberEnterprises(app: App, oauth: OAuthWiring, logger: Logger): void {
  app.use(async ({ context, next }) => {
    if (context.isEnterpriseInstall && context.teamId && context.enterpriseId) {
      await oauth.rememberEnterprise(context.teamId, context.enterpriseId).catch((err: unknown) => {
        logger.warn({ err, team: context.teamId }, 'workspace organisation not recorded');
      });
    }
    await next();
  });
}

/**
 * What a workspace leaves behind in memory when it uninstalls or changes its gateway token: its
 * Web API client (many-workspace mode) and the gateway's per-token state.
 */
export function forgetting(
  oauth: Pick<OAuthWiring, 'forget'> | undefined,
  gateway: { forgetToken(token: string): void },
): (teamId: string, gatewayToken?: string) => void {
  return (teamId, gatewayToken) => {
    oauth?.forget(teamId);
    if (gatewayToken) gateway.forgetToken(gatewayToken);
  };
}
