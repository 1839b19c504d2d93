import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Locale } from '../../i18n/locales.js';
import { scrubAlso } from '../../logger.js';
import type { SealedAt, SecretBox } from '../../secrets/cipher.js';
import type { Store, WorkspaceSettings } from '../../store/index.js';
import { refusal } from '../blocks/error-card.js';

/** Who may run paid commands in a workspace; empty lists mean no restriction. */
export interface SpendRules {
  channels: string[];
  users: string[];
}

/** Approval for costly work: above how many points, and who approves (empty: admins and owners). */
export interface ApprovalRules {
  above: number | undefined;
  approvers: string[];
}

/** Where a workspace's gateway token is sealed: it opens in that workspace's row only. */
function gatewayTokenAt(teamId: string): SealedAt {
  return { table: 'workspace_settings', column: 'gateway_token_enc', rowId: teamId };
}

/**
 * The workspace's stored token, or an answer naming the remedy when it does not open there (sealed
 * for another row, or under a key no longer configured): nothing is sent to the gateway.
 */
function openToken(box: SecretBox, sealed: string, teamId: string, logger?: Logger): string {
  try {
    return box.open(sealed, gatewayTokenAt(teamId));
  } catch (err) {
    logger?.warn({ err, team: teamId }, 'stored gateway token does not open for this workspace');
    throw refusal((t) => ({
      title: t('config.token.unreadable.title'),
      detail: t('config.token.unreadable.detail'),
    }));
  }
}

/** What one gateway call needs of its workspace's settings, read in one go. */
export interface CallSettings {
  rules: SpendRules;
  /** The daily budget in points, undefined for unlimited. */
  budget: number | undefined;
  /** The gateway token to send with (opened only when asked; throws the remedy when none). */
  token(): string;
}

/**
 * A workspace's budget and summary channel: what /querydesk config stored, else the environment's
 * defaults (DAILY_BUDGET_POINTS, SPEND_SUMMARY_CHANNEL). A stored budget of 0 pauses paid calls.
 */
export function workspaceSettings(store: Store, config: Config, box?: SecretBox, logger?: Logger) {
  const rulesOf = (s: WorkspaceSettings | undefined): SpendRules => ({
    channels: s?.paidChannels ?? [],
    users: s?.paidUsers ?? [],
  });
  const budgetOf = (s: WorkspaceSettings | undefined) =>
    s?.dailyBudgetPoints ?? config.dailyBudgetPoints;
  const oneWorkspace = config.mode !== 'oauth' || !box;
  const storedUnlessOneWorkspace = (teamId: string) =>
    oneWorkspace ? Promise.resolve(undefined) : store.settings.read(teamId);
  /**
   * One-workspace modes: GATEWAY_TOKEN (or the sandbox's). OAuth mode: the workspace's own
   * token; without one, against a real gateway, the caller is told to ask an admin.
   */
  function tokenOf(s: WorkspaceSettings | undefined, teamId: string): string {
    if (oneWorkspace || !box) return config.gateway.token ?? 'sandbox-token';
    if (s?.gatewayTokenSealed) {
      const token = openToken(box, s.gatewayTokenSealed, teamId, logger);
      // Any shape of token: only its value tells the log scrubber what to cut.
      if (logger) scrubAlso(logger, token);
      return token;
    }
    if (!config.gateway.baseUrl) return 'sandbox-token';
    throw refusal((t) => ({
      title: t('config.token.none.title'),
      detail: t('config.token.none.detail'),
    }));
  }
  return {
    /**
     * Who may spend, the budget and the token for one call, from one read of the stored row
     * (a change an admin saved applies to the next call; see the store's settings reader).
     */
    async forCall(teamId: string): Promise<CallSettings> {
      const s = await store.settings.read(teamId);
      return { rules: rulesOf(s), budget: budgetOf(s), token: () => tokenOf(s, teamId) };
    },
    sealGatewayToken(teamId: string, token: string): string {
      if (!box) throw new Error('ENCRYPTION_KEY is needed to store a gateway token');
      if (logger) scrubAlso(logger, token);
      return box.seal(token, gatewayTokenAt(teamId));
    },
    async spendRules(teamId: string): Promise<SpendRules> {
      return rulesOf(await store.settings.read(teamId));
    },
    /** "set · last 4" for the settings form, or undefined when none is stored. */
    async gatewayTokenLast4(teamId: string): Promise<string | undefined> {
      return (await store.settings.read(teamId))?.gatewayTokenLast4 ?? undefined;
    },
    /**
     * One-workspace modes: GATEWAY_TOKEN (or the sandbox's). OAuth mode: the workspace's own
     * token; without one, against a real gateway, the caller is told to ask an admin.
     */
    async gatewayToken(teamId: string): Promise<string> {
      return tokenOf(await storedUnlessOneWorkspace(teamId), teamId);
    },
    async dailyBudget(teamId: string): Promise<number | undefined> {
      return budgetOf(await store.settings.read(teamId));
    },
    /** The language of what is posted into this workspace's channels (English by default). */
    async language(teamId: string): Promise<Locale> {
      return (await store.settings.read(teamId))?.language ?? 'en';
    },
    /** When work needs approval (above this many points; undefined: never) and who approves. */
    async approvalRules(teamId: string): Promise<ApprovalRules> {
      const s = await store.settings.read(teamId);
      return { above: s?.approvalAbove ?? undefined, approvers: s?.approvers ?? [] };
    },
    async summaryChannel(teamId: string): Promise<string | undefined> {
      const s = await store.settings.read(teamId);
      return s?.summaryChannel ?? config.spendSummary.channel;
    },
  };
}
