import { SANDBOX_EXAMPLES } from '../src/sandbox/index.js';
import { startBotOnDouble } from './bot-on-double.js';
import { startPlainBolt } from './plain-bolt-app.js';
import type { BenchResult } from './report.js';
import { ratio, round, type Spread, spread } from './stats.js';

export interface SlashAckOptions {
  /** Commands per phase. Default 50. */
  commands?: number;
  /** How long to wait for the last ephemeral answer of a phase. Default 30 s. */
  answerWaitMs?: number;
}

/** Slack's deadline for acknowledging a slash command. */
export const SLACK_ACK_DEADLINE_MS = 3000;

interface Sample {
  user: string;
  t0: number;
  status: number;
  ackMs: number;
}

const X = SANDBOX_EXAMPLES.payOrder;

/** The bot's ack times beside plain Bolt's for the same commands, and their ratios. */
function beside(bot: Spread, plain: Spread) {
  return {
    plainBoltAckP50Ms: round(plain.p50),
    plainBoltAckP95Ms: round(plain.p95),
    plainBoltAckMaxMs: round(plain.max),
    ackP50VsPlainBolt: ratio(bot.p50, plain.p50),
    ackP95VsPlainBolt: ratio(bot.p95, plain.p95),
  };
}

/**
 * The same phases at a plain Bolt app that only acks, in this process on the same double: the
 * same-run reference for the ack times.
 */
async function plainBoltPhases(
  double: { botToken: string; signingSecret: string; apiUrl: string },
  commands: number,
  one: (user: string, events: string) => Promise<Sample>,
): Promise<{ sequential: Sample[]; burst: Sample[] }> {
  const plain = await startPlainBolt({
    token: double.botToken,
    signingSecret: double.signingSecret,
    slackApiUrl: double.apiUrl,
    port: 0,
  });
  try {
    await one('U0PLAINWARM', plain.events);
    const sequential: Sample[] = [];
    for (let i = 0; i < commands; i++) sequential.push(await one(`U0PSEQ${i}`, plain.events));
    const burst = await Promise.all(
      Array.from({ length: commands }, (_, i) => one(`U0PBURST${i}`, plain.events)),
    );
    return { sequential, burst };
  } finally {
    await plain.stop();
  }
}

/**
 * Benchmark 2: signed `/payorder` commands through the real Bolt app in HTTP mode. Ack time is
 * from sending the signed request to its HTTP answer; answer time is from sending to the ephemeral
 * card arriving at the double's response_url. Each command comes from its own user, so every
 * answer is matched to its command by who may see it.
 */
export async function slashAck(options: SlashAckOptions = {}): Promise<BenchResult[]> {
  const commands = options.commands ?? 50;
  const answerWaitMs = options.answerWaitMs ?? 30_000;
  const h = await startBotOnDouble();
  const answered = new Map<string, { at: number; text: string }>();
  const off = h.double.on('change', (c) => {
    if (c.kind !== 'message' || c.action !== 'posted' || !c.message.ephemeral) return;
    const user = c.message.visibleTo;
    if (user && !answered.has(user))
      answered.set(user, { at: performance.now(), text: c.message.text });
  });

  async function one(user: string, events = h.events): Promise<Sample> {
    const t0 = performance.now();
    const ack = await h.double.sendCommand(events, {
      command: '/payorder',
      text: `${X.paid.orderNumber} ${X.merchantNum}`,
      user,
    });
    return { user, t0, status: ack.status, ackMs: performance.now() - t0 };
  }

  const answersTo = (samples: Sample[]) =>
    h.double
      .waitFor(() => samples.every((s) => answered.has(s.user)), answerWaitMs)
      .catch(() => undefined);

  const describe = (label: string, samples: Sample[], plain: Sample[]): BenchResult => {
    const acks = spread(samples.map((s) => s.ackMs));
    const ref = spread(plain.map((s) => s.ackMs));
    const replies = samples.flatMap((s) => {
      const a = answered.get(s.user);
      return a ? [{ ms: a.at - s.t0, text: a.text }] : [];
    });
    const answers = replies.map((r) => r.ms);
    const ans = spread(answers);
    const ok = samples.filter((s) => s.status === 200).length;
    return {
      name: `slash: ${samples.length} /payorder, ${label}`,
      figures: {
        commands: samples.length,
        acked200: ok,
        ackP50Ms: round(acks.p50),
        ackP95Ms: round(acks.p95),
        ackMaxMs: round(acks.max),
        ...beside(acks, ref),
        answered: answers.length,
        answeredWithCard: replies.filter((r) => /Paid/.test(r.text)).length,
        answerP50Ms: round(ans.p50),
        answerP95Ms: round(ans.p95),
        answerMaxMs: round(ans.max),
      },
      target: `every ack < ${SLACK_ACK_DEADLINE_MS} ms (Slack's deadline)`,
      met: ok === samples.length && acks.max < SLACK_ACK_DEADLINE_MS,
    };
  };

  try {
    // Warm-up: the first request pays for lazy set-up that no later one does.
    await answersTo([await one('U0WARMUP0')]);

    const sequential: Sample[] = [];
    for (let i = 0; i < commands; i++) {
      const sample = await one(`U0SEQ${i}`);
      sequential.push(sample);
      await answersTo([sample]);
    }

    const burst = await Promise.all(Array.from({ length: commands }, (_, i) => one(`U0BURST${i}`)));
    await answersTo(burst);
    const ref = await plainBoltPhases(h.double, commands, one);
    return [
      describe('one at a time (each waits for its answer)', sequential, ref.sequential),
      describe('all at once (answers paced by the gateway limiter)', burst, ref.burst),
    ];
  } finally {
    off();
    await h.stop();
  }
}
