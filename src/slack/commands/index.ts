import type { App } from '@slack/bolt';
import type { SlackDeps } from '../context.js';
import { exportSubcommand } from '../exports/export-command.js';
import { watchesSubcommand, watchSubcommand } from '../watches/watch-command.js';
import { account } from './account.js';
import { commandParser } from './arg-rules.js';
import type { CommandName, SlashCommand, Subcommand } from './command.js';
import { coupons } from './coupons.js';
import { handleLookup } from './lookup-flow.js';
import { payorder } from './payorder.js';
import { punishments } from './punishments.js';
import { qr } from './qr.js';
import { querydesk } from './querydesk.js';
import { shoporders } from './shoporders.js';
import { spend } from './spend.js';

/** Each key is its command's own name (checked by the compiler). */
function registry<T extends { [K in keyof T]: SlashCommand<K & CommandName> }>(commands: T): T {
  return commands;
}

/**
 * Every slash command, one object each, in the order help and the console list them. A command
 * missing its usage, help, schema or work does not compile; test/manifest holds manifest.yml to
 * this list (a command in one and not the other fails it).
 */
export const COMMANDS = registry({
  '/payorder': payorder,
  '/shoporders': shoporders,
  '/qr': qr,
  '/account': account,
  '/coupons': coupons,
  '/punishments': punishments,
  '/spend': spend,
  '/querydesk': querydesk,
});

export type RegisteredCommand = keyof typeof COMMANDS;

/** Words that start another flow under a command; the word must come first in the text. */
export const SUBCOMMANDS: Partial<Record<RegisteredCommand, Record<string, Subcommand>>> = {
  '/payorder': { watch: watchSubcommand, watches: watchesSubcommand },
  '/shoporders': { export: exportSubcommand('shopOrders') },
  '/coupons': { export: exportSubcommand('coupons') },
};

/** The subcommand `text` starts with, and the text after its word. */
export function subcommandOf(
  name: string,
  text: string,
): { sub: Subcommand; rest: string } | undefined {
  const subs = SUBCOMMANDS[name as RegisteredCommand];
  const m = /^\s*(\S+)(?:\s+([\s\S]*))?$/.exec(text);
  const sub =
    m && subs && Object.hasOwn(subs, m[1]!.toLowerCase()) ? subs[m[1]!.toLowerCase()] : undefined;
  return sub && { sub, rest: m?.[2] ?? '' };
}

export const COMMAND_LIST: readonly SlashCommand[] = Object.values(COMMANDS);

/** One Bolt listener per command. */
export function registerCommands(app: App, deps: SlackDeps): void {
  for (const command of COMMAND_LIST) {
    if (command.kind === 'custom') {
      app.command(command.name, async (args) => {
        deps.metrics.slackAcks.inc({ kind: 'command' });
        await command.handle(args, deps, COMMAND_LIST);
      });
      continue;
    }
    const parser = commandParser(command, deps.config.gateway.timeZone);
    app.command(command.name, async (args) => {
      deps.metrics.slackAcks.inc({ kind: 'command' });
      const sub = subcommandOf(command.name, args.command.text);
      if (sub) return sub.sub.handle(args, deps, sub.rest);
      await handleLookup(command, parser, args, deps);
    });
  }
}

export type { CommandName, SlashCommand } from './command.js';
