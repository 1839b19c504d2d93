import { SANDBOX_EXAMPLES } from '../src/sandbox/index.js';
import type { SlackDouble } from '../src/slack-double/index.js';
import { type AnswerBook, naming, type Phase } from './scale-answers.js';
import { teamId } from './scale-world.js';

/**
 * The steady QR load: each workspace shows `perMinute` new codes every minute, spread evenly over
 * the minute and the workspaces, until `until()`; with production's 10-minute watch the codes in
 * their dense first minute (a check every 3 s) are always there. Each `/qr` is a person's command
 * too: its answer (the code's message, which names the session) is booked.
 */
export async function steadyQr(
  double: SlackDouble,
  plan: {
    targets: readonly string[];
    workspaces: number;
    perMinute: number;
    until: () => boolean;
    book: AnswerBook;
    phase: () => Phase;
  },
): Promise<number> {
  const n = plan.workspaces * plan.perMinute;
  if (n === 0) return 0;
  const stepMs = 60_000 / n;
  const t0 = performance.now();
  const sent: Promise<unknown>[] = [];
  let i = 0;
  for (; ; i++) {
    const wait = t0 + i * stepMs - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (plan.until()) break;
    const w = i % plan.workspaces;
    const channel = `CQN${i}`;
    plan.book.track({ channel }, 'qr', plan.phase(), naming('QR login for', 'sbx'));
    sent.push(
      double
        .sendCommand(plan.targets[i % plan.targets.length]!, {
          command: '/qr',
          text: SANDBOX_EXAMPLES.account.mediaMark,
          user: `UQN${w}X${i % 7}`,
          team: teamId(w),
          channel,
        })
        .catch(() => undefined),
    );
  }
  await Promise.all(sent);
  return i;
}
