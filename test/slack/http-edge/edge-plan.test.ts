import type { SlashCommand } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import {
  COMMAND_LIST,
  commandPlanner,
  edgePlanTable,
  SUBCOMMANDS,
} from '../../../src/slack/commands/index.js';
import { tablePlanner } from '../../../src/slack/http-edge/edge-plan.js';

/**
 * The edge thread decides from a table (edge-plan.ts) what the main thread's planner decides from
 * the commands themselves: the two must never differ, or the listener's own ack would differ from
 * the one already sent.
 */
describe("the edge thread's planner", () => {
  const full = commandPlanner('Asia/Shanghai');
  const light = tablePlanner(edgePlanTable());
  const slash = (command: string, text: unknown) => ({ command, text }) as unknown as SlashCommand;

  function textsFor(name: string, primer: string | undefined): unknown[] {
    const words = Object.keys(SUBCOMMANDS[name as keyof typeof SUBCOMMANDS] ?? {});
    return [
      '',
      '   ',
      '\n\t',
      undefined,
      primer ?? 'x',
      `${primer ?? 'x'} zz=1`,
      `  ${primer ?? 'x'}`,
      'garbage',
      'page=0',
      'a b c d e f g',
      '<@U123> <!channel>',
      ...words.flatMap((w) => [w, `${w} 1 2`, `  ${w.toUpperCase()}  x`, `${w}x`, `x ${w}`]),
    ];
  }

  it('answers as the commands themselves do, for every command and kind of text', () => {
    let compared = 0;
    let acked = 0;
    for (const c of COMMAND_LIST) {
      for (const text of textsFor(c.name, c.kind === 'lookup' ? c.primer : undefined)) {
        const want = full(slash(c.name, text));
        expect(light(slash(c.name, text)), `${c.name} ${JSON.stringify(text)}`).toEqual(want);
        compared++;
        if (want) acked++;
      }
    }
    expect(compared).toBeGreaterThan(80);
    // Both sides of the decision are covered: acked here, and left to Bolt.
    expect(acked).toBeGreaterThan(20);
    expect(compared - acked).toBeGreaterThan(20);
  });

  it('leaves a command it does not know to Bolt', () => {
    expect(light(slash('/nope', 'x'))).toBeUndefined();
    expect(full(slash('/nope', 'x'))).toBeUndefined();
  });
});
