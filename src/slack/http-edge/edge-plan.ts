import type { EarlyAckPlanner } from './early-ack.js';

/**
 * What the edge thread needs to know of the commands to make the early ack's decision, as plain
 * data the main thread builds from the command registry (commands/index.ts, edgePlanTable) and
 * hands to the thread. The thread then loads no command, no zod schema, no Bolt: with the
 * registry imported, the thread added about 35 MiB to the process (zod, the message catalogues,
 * the Block Kit builders, the gateway's operations), with the table about 12.
 */
export interface EdgePlanTable {
  /** Each lookup command by name. */
  [command: string]: {
    /** It opens a form when typed with no text (its listener decides: left to Bolt). */
    modal: boolean;
    /** Words that start a subcommand (left to Bolt), lower case. */
    subcommands: string[];
  };
}

/** The first word of a text, lower case, if any. */
function firstWord(text: string): string | undefined {
  return /^\s*(\S+)/.exec(text)?.[1]?.toLowerCase();
}

/**
 * The same decisions as the commands' own planner (commandPlanner) from the table alone: a
 * lookup command is acked empty (its arguments parsed or refused after the ack, both acked
 * empty), unless it opens its form (no text) or starts a subcommand; any other command is left to
 * Bolt. `test/slack/http-edge/edge-plan.test.ts` holds the two to the same answers.
 */
export function tablePlanner(table: EdgePlanTable): EarlyAckPlanner {
  const commands = new Map(Object.entries(table));
  return (slash) => {
    const entry = commands.get(slash.command);
    if (!entry) return undefined;
    const text = typeof slash.text === 'string' ? slash.text : '';
    const word = firstWord(text);
    if (word !== undefined && entry.subcommands.includes(word)) return undefined;
    if (!text.trim() && entry.modal) return undefined;
    return {};
  };
}
