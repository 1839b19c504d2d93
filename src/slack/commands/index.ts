import type { AllMiddlewareArgs, App, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../context.js';
import { exportSubcommand } from '../exports/export-command.js';
import type { AckPlanTable } from '../http-edge/ack-plan.js';
import { handleLookup } from '../lookup/lookup-flow.js';
import { claimAfterAck } from '../middleware/idempotency.js';
import { exactly, pick } from '../middleware/one-listener.js';
import { subscribeSubcommand } from '../subscriptions/subscribe-command.js';
import { subscriptionsSubcommand } from '../subscriptions/subscriptions-command.js';
import { watchesSubcommand, watchSubcommand } from '../watches/watch-command.js';
import { account } from './account.js';
import { commandParser } from './arg-rules.js';
import type { CommandName, SlashCommand, Subcommand } from './command.js';
import { coupons } from './coupons.js';
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
  '/shoporders': {
    export: exportSubcommand('shopOrders'),
    subscribe: subscribeSubcommand,
    subscriptions: subscriptionsSubcommand,
  },
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

type CommandArgs = SlackCommandMiddlewareArgs & AllMiddlewareArgs;

/**
 * One Bolt listener for every command (see middleware/one-listener.ts). Each handler gets an `ack` that,
 * once Slack has its answer, claims the delivery in the store (so a Slack retry that reached
 * another replica stops there): nothing before the ack touches the store.
 */
export function registerCommands(app: App, deps: SlackDeps): void {
  const handlers = new Map<string, (args: CommandArgs) => Promise<void>>();
  for (const command of COMMAND_LIST) {
    if (command.kind === 'custom') {
      handlers.set(command.name, (args) => command.handle(args, deps, COMMAND_LIST));
      continue;
    }
    const parser = commandParser(command, deps.config.gateway.timeZone);
    handlers.set(command.name, async (args) => {
      const sub = subcommandOf(command.name, args.command.text);
      if (sub) return sub.sub.handle(args, deps, sub.rest);
      await handleLookup(command, parser, args, deps);
    });
  }
  app.command(exactly(handlers.keys()), async (args) => {
    const handle = pick(handlers, args.command.command);
    if (!handle) return;
    deps.metrics.slackAcks.inc({ kind: 'command' });
    await handle(claimAfterAck(args));
  });
}

/**
 * The lookup commands as the one planner needs them (http-edge/ack-plan.ts): the receiver decides
 * each command's ack from this table.
 */
export function ackPlanTable(): AckPlanTable {
  const table: AckPlanTable = {};
  for (const command of COMMAND_LIST) {
    if (command.kind === 'custom') continue;
    const subs = SUBCOMMANDS[command.name as RegisteredCommand] ?? {};
    table[command.name] = {
      modal: command.modal !== undefined,
      subcommands: Object.keys(subs).map((word) => word.toLowerCase()),
    };
  }
  return table;
}

export type { CommandName, SlashCommand } from './command.js';
