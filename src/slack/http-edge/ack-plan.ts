import type { RespondArguments, SlashCommand } from '@slack/bolt';

/**
 * A slash command's ack decided from its text alone: `{}` for an empty ack (a refusal of bad
 * input too: it is sent after, in the asker's language), `{ response }` for an ack that answers.
 * Undefined: the command needs its listener to decide (a form, a subcommand, a command with its
 * own flow), and its listener acks it.
 */
export type EarlyAckPlanner = (
  command: SlashCommand,
) => { response?: RespondArguments } | undefined;

/**
 * The one planner's data: what the receiver needs to know of the commands to decide an ack, as
 * plain data built from the command registry (commands/index.ts, ackPlanTable): a map lookup and
 * a word compared per command, no argument parsed before the ack.
 */
export interface AckPlanTable {
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
 * The ack decided from the table: a lookup command is acked empty (its arguments parsed or
 * refused after the ack, both acked empty), unless it opens its form (no text) or starts a
 * subcommand; any other command is its listener's to ack. `test/slack/http-edge/ack-plan.test.ts`
 * holds it to each lookup listener's own first decision (lookupDecision).
 */
export function tablePlanner(table: AckPlanTable): EarlyAckPlanner {
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
