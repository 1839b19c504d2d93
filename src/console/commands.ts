import { COMMAND_LIST } from '../slack/commands/index.js';

/** A slash command as the composer offers it: name, one-line description, usage hint. */
export interface ConsoleCommand {
  command: string;
  description: string;
  usageHint: string;
}

/** The app's slash commands, read from the command registry (usage is written only there). */
export const CONSOLE_COMMANDS: readonly ConsoleCommand[] = COMMAND_LIST.map((c) => ({
  command: c.name,
  description: c.description,
  usageHint: c.usage,
}));
