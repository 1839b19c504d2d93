import type { SlashCommand } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { commandParser } from '../../../src/slack/commands/arg-rules.js';
import {
  ackPlanTable,
  COMMAND_LIST,
  SUBCOMMANDS,
  subcommandOf,
} from '../../../src/slack/commands/index.js';
import { tablePlanner } from '../../../src/slack/http-edge/ack-plan.js';
import { lookupDecision } from '../../../src/slack/lookup/lookup-flow.js';

/**
 * The one planner decides from a table (ack-plan.ts) what each command's listener decides first
 * (registerCommands: a subcommand, else the lookup's own decision, lookupDecision): the two must
 * never differ, or the listener's own ack would differ from the one already sent.
 */
const TIME_ZONE = 'Asia/Shanghai';
function listenerFirst(name: string, text: unknown): { response?: unknown } | undefined {
  const command = COMMAND_LIST.find((c) => c.name === name);
  if (!command || command.kind === 'custom') return undefined;
  const words = typeof text === 'string' ? text : '';
  if (subcommandOf(name, words)) return undefined;
  const decided = lookupDecision(command, commandParser(command, TIME_ZONE), words);
  // A refusal is acked empty too: it is sent after, in the asker's language.
  return decided.kind === 'modal' ? undefined : {};
}

describe('the one ack planner', () => {
  const full = (c: SlashCommand) => listenerFirst(c.command, c.text);
  const light = tablePlanner(ackPlanTable());
  const slash = (command: string, text: unknown) => ({ command, text }) as unknown as SlashCommand;

  function textsFor(name: string): unknown[] {
    const words = Object.keys(SUBCOMMANDS[name as keyof typeof SUBCOMMANDS] ?? {});
    return [
      '',
      '   ',
      '\n\t',
      undefined,
      'x',
      'x zz=1',
      '  x',
      '420000000000001 898300000000001 type=platform',
      '2200000001 page=2 size=20',
      '1600000001 span=7',
      '7d',
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
      for (const text of textsFor(c.name)) {
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

  it("leaves a command it does not know to that command's listener", () => {
    expect(light(slash('/nope', 'x'))).toBeUndefined();
    expect(full(slash('/nope', 'x'))).toBeUndefined();
  });
});
