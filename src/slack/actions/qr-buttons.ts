import { errorCard } from '../blocks/error-card.js';
import { ENGLISH } from '../blocks/format.js';
import { notice } from '../blocks/message.js';
import { readSessionId } from '../blocks/values.js';
import { qr } from '../commands/qr.js';
import type { SlackDeps } from '../context.js';
import { checkWhoMaySpend } from '../lookup/query.js';
import type { QrActionResult } from '../qr/index.js';
import {
  checkAgain,
  loadAccountAnalytics,
  parseNewCodeValue,
  scannedIt,
  startQrOnboarding,
} from '../qr/index.js';
import { type ActionArgs, type ActionDef, clickerOf, clickerT, tell } from './action.js';

/** An error, or a word on success (e.g. "not scanned yet"), told to the person who clicked. */
async function answer(args: ActionArgs, deps: SlackDeps, result: QrActionResult) {
  if (result.message) await tell(args, deps, result.message(await clickerT(args, deps)));
}

/** "This button is out of date", in the clicker's language. */
async function outOfDate(args: ActionArgs, deps: SlackDeps) {
  await tell(args, deps, notice((await clickerT(args, deps))('qr.outOfDate')));
}

/**
 * Whether the person who clicked may spend in the channel clicked in ("Paid commands allowed
 * in / for"), as a paging or refresh click is checked; a refusal is told to them alone, in their
 * language, and nothing is called.
 */
async function clickerMaySpend(args: ActionArgs, deps: SlackDeps): Promise<boolean> {
  try {
    await checkWhoMaySpend(deps, clickerOf(args.body));
    return true;
  } catch (err) {
    const t = await clickerT(args, deps).catch(() => ENGLISH);
    await tell(args, deps, errorCard(err, t), false, t);
    return false;
  }
}

/** "Load account analytics" on a scanned session: operation 2, the card in the message's thread. */
export const qrLoadAccount = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const sessionId = readSessionId(args.action.value);
    if (!sessionId) return outOfDate(args, deps);
    const who = clickerOf(args.body);
    await answer(args, deps, await loadAccountAnalytics(deps, args.client, who, sessionId));
  },
});

/** "Check again" on a session whose watch ended: more paid checks, for those who may spend. */
export const qrCheckAgain = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const sessionId = readSessionId(args.action.value);
    if (!sessionId) return outOfDate(args, deps);
    if (!(await clickerMaySpend(args, deps))) return;
    await answer(args, deps, await checkAgain(deps, clickerOf(args.body), sessionId));
  },
});

/**
 * "I've scanned it" on a watched session (a paid check, for those who may spend): one check at once (none more while one runs, across
 * replicas), the answer told to the person who clicked.
 */
export const qrScanned = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const sessionId = readSessionId(args.action.value);
    if (!sessionId) return outOfDate(args, deps);
    if (!(await clickerMaySpend(args, deps))) return;
    await answer(args, deps, await scannedIt(deps, clickerOf(args.body), sessionId));
  },
});

/** "New QR code" on an expired session: /qr again with the same account and landing page. */
export const qrNewCode = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const code = parseNewCodeValue(args.action.value);
    if (!code) return outOfDate(args, deps);
    const usage = `${qr.name} ${qr.usage}`;
    const result = await startQrOnboarding(deps, args.client, clickerOf(args.body), code, usage);
    if (!result.ok) await tell(args, deps, result.message);
  },
});
