import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { freshSchema } from '../fakes/fresh-schema.js';

let schema: Awaited<ReturnType<typeof freshSchema>> | undefined;
let double: SlackDouble;
const bots: BotHarness[] = [];

beforeAll(async () => {
  schema = await freshSchema('qd_twoapps');
  double = await startSlackDouble();
});

afterAll(async () => {
  for (const b of bots) await b.stop();
  await double?.close();
  await schema?.drop();
});

describe('daily summary with two app instances on one PostgreSQL', () => {
  it("each scheduled run is posted once, with a chart, and its numbers are the ledger's", async () => {
    const env = {
      DATABASE_URL: schema!.url,
      SPEND_SUMMARY_CHANNEL: 'C0SUMMARY',
      SPEND_SUMMARY_CRON: '*/2 * * * * *',
      SPEND_SUMMARY_TZ: 'Asia/Shanghai',
    };
    bots.push(await startBot(env, {}, double), await startBot(env, {}, double));
    const [a] = bots as [BotHarness, BotHarness];

    // Some spend first, through one replica.
    const eph = () => double.messages().filter((m) => m.ephemeral);
    const before = eph().length;
    await double.sendCommand(a.events, {
      command: '/account',
      text: SANDBOX_EXAMPLES.account.mediaMark,
      user: 'U0SPEND',
    });
    await double.waitFor(() => eph()[before], 8000);
    const net = a.bot.sandbox!.ledger().charged;
    expect(net).toBeGreaterThan(0);

    // Let several 2-second periods pass, then let in-flight posts finish.
    const summaries = () =>
      double.messages('C0SUMMARY').filter((m) => /Daily spend summary/.test(m.text));
    await double.waitFor(
      () => summaries().filter((m) => m.text.includes(`${net} points`)).length >= 2,
      15_000,
    );
    // An absence (no period posted twice): it needs a while in which a second post could come.
    await new Promise((r) => setTimeout(r, 1500));

    const runs = await a.bot.deps.store.db
      .selectFrom('summary_runs')
      .select(['period_key', 'sent_at'])
      .where('sent_at', 'is not', null)
      .execute();
    const posted = summaries();
    // One message per claimed period: neither replica posted a period the other had.
    expect(new Set(runs.map((r) => r.period_key)).size).toBe(runs.length);
    expect(posted.length).toBe(runs.length);
    // The latest summaries carry the ledger's net for the 24 hours, which is all of it.
    expect(posted.at(-1)!.text).toContain(`${net} points`);
    // A chart follows them (drawn once the text is posted): PNG bytes uploaded into the channel.
    const chart = await double.waitFor(
      () => double.files().find((f) => f.channel === 'C0SUMMARY' && f.completed),
      15_000,
    );
    expect(chart.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  }, 60_000);
});
