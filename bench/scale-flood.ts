import { SANDBOX_EXAMPLES } from '../src/sandbox/index.js';
import type { SlackDouble } from '../src/slack-double/index.js';
import { type AnswerBook, naming, type Phase } from './scale-answers.js';
import { teamId } from './scale-world.js';

/**
 * A burst from one workspace: `commands` people typing `/payorder` at once (nothing spaced), all
 * of them needing the workspace's own token for the same operation, spread over the replicas as a
 * load balancer would, and each sent to a mirror (plain Bolt) as well in the same tick, as the
 * stream is. Each is booked (kind `flood`, channel `CF<j>`); resolves once the bot acked them all.
 */
export async function flood(
  double: SlackDouble,
  book: AnswerBook,
  phase: Phase,
  targets: readonly string[],
  mirrors: readonly string[],
  workspace: number,
  commands: number,
): Promise<void> {
  const X = SANDBOX_EXAMPLES.payOrder;
  const text = `${X.paid.orderNumber} ${X.merchantNum} type=platform`;
  const acks: Promise<unknown>[] = [];
  for (let j = 0; j < commands; j++) {
    const input = {
      command: '/payorder',
      text,
      user: `UF${workspace}X${j % 5}`,
      team: teamId(workspace),
      channel: `CF${j}`,
    };
    const toBot = () => {
      book.track({ channel: input.channel }, 'flood', phase, naming(X.paid.orderNumber));
      acks.push(double.sendCommand(targets[j % targets.length]!, input).catch(() => undefined));
    };
    const mirror = mirrors[j % Math.max(1, mirrors.length)];
    const copy = { ...input, channel: `CFM${j}` };
    const toMirror = (m: string) => acks.push(double.sendCommand(m, copy).catch(() => undefined));
    if (mirror === undefined) toBot();
    else if (j % 2 === 0) {
      toBot();
      toMirror(mirror);
    } else {
      toMirror(mirror);
      toBot();
    }
  }
  await Promise.all(acks);
}
