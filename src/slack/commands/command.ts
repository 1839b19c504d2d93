import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs, types } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { z } from 'zod';
import type { MessageKey } from '../../i18n/catalog/en.js';
import type { Translate } from '../../i18n/translator.js';
import type { SANDBOX_EXAMPLES } from '../../sandbox/index.js';
import type { LookupForm } from '../blocks/lookup-form.js';
import type { Asker, SlackMessage } from '../blocks/message.js';
import type { StoredCard } from '../caches/shared-results.js';
import type { SlackDeps } from '../context.js';
import { commandModal } from '../lookup/command-modal.js';

/** A slash command's name; the registry in `commands/index.ts` lists the app's. */
export type CommandName = `/${string}`;

/**
 * The catalogue key of a command's `/querydesk help` line, named after the command
 * (`/payorder` → `help.what.payorder`): a command whose line is missing from the catalogues does
 * not compile.
 */
export type HelpKey<N extends CommandName> = Extract<
  MessageKey,
  `help.what.${N extends `/${infer S}` ? S : never}`
>;

/** What every command says about itself: written once, read by help, console and manifest test. */
interface Described<N extends CommandName> {
  name: N;
  /** The arguments part of the usage line (`Usage: /name …`), shown with every refusal. */
  usage: string;
  /** One short line: the manifest's `description` and the console's completion. */
  description: string;
  /** The `/querydesk help` line, in the catalogues (`help.what.<name>`). */
  help: HelpKey<N>;
  /** Arguments that work against the sandbox, for `/querydesk help` there. */
  example?: (x: typeof SANDBOX_EXAMPLES) => string;
}

/** A modal the command opens when typed with no arguments; its inputs are named by option. */
export interface CommandModal {
  callbackId: string;
  /** In `t`'s words; `initial` prefills inputs by argument name (a card's **Filter…**). */
  build(
    privateMetadata: string,
    t: Translate,
    initial?: Partial<Record<string, string>>,
  ): types.ModalView;
}

/**
 * A command whose text (or modal) goes through one argument schema, then is acked, then worked on;
 * the answer is shown only to the asker. The schema ends in the gateway operation's own input
 * schema, so a rule is written once.
 */
export interface LookupCommand<N extends CommandName, S extends z.ZodType> extends Described<N> {
  kind: 'lookup';
  /** Names for positionals, in order; they become keys of the object the schema receives. */
  positionals: readonly string[];
  /** Allowed option keys (also the modal's input names). */
  options: readonly string[];
  /** The argument schema; dates are read in `timeZone` (GATEWAY_TIMEZONE). */
  schema(timeZone: string): S;
  /** Drawn from `form` (see lookupCommand). */
  modal?: CommandModal;
  /** The card "Share in channel" posts again from what was stored; absent: nothing to share. */
  card?: ShareableCard;
  /** What the form can do instead of the lookup. */
  formChoice?: FormChoice;
  /** The work after the ack. */
  run(deps: SlackDeps, args: z.output<S>, who: Asker, client: WebClient): Promise<SlackMessage>;
}

/**
 * Another thing a command's form can do instead of the lookup, chosen by one of its `more`
 * inputs (the /shoporders form's "subscribe this channel instead").
 */
export interface FormChoice {
  /** The input, and the value of it, that chooses this instead of the lookup. */
  field: string;
  value: string;
  /** The form's inputs that are not arguments of the command (the form's `more`), this one's. */
  more: readonly string[];
  /**
   * The form's values read by the choice's own rules, before the ack: errors by input (in `t`'s
   * language, the one known at ack time), or the work to do after it.
   */
  read(
    deps: SlackDeps,
    values: Record<string, string>,
    t: Translate,
  ): { errors: Record<string, string> } | { run(who: Asker, client: WebClient): Promise<void> };
}

/** How a command's stored card is drawn again for the channel. */
export interface ShareableCard<C extends StoredCard = StoredCard> {
  /** The `kind` its stored cards carry. */
  kind: C['kind'];
  /** The card as shared: who shared it, and no buttons that act for the asker. */
  shared(card: C, opts: { timeZone: string; sharedBy: string; t: Translate }): SlackMessage;
}

/** A command with its own flow (subcommands, an answer in the ack). */
export interface CustomCommand<N extends CommandName> extends Described<N> {
  kind: 'custom';
  /** `commands`: the whole registry, in order (for help). */
  handle(
    args: SlackCommandMiddlewareArgs & AllMiddlewareArgs,
    deps: SlackDeps,
    commands: readonly SlashCommand[],
  ): Promise<void>;
}

/**
 * A word after a command that starts its own flow (`/payorder watch …`, `/coupons export …`):
 * `text` is what follows the word.
 */
export interface Subcommand {
  /** The usage line after the command's name, the word included. */
  usage: string;
  handle(
    args: SlackCommandMiddlewareArgs & AllMiddlewareArgs,
    deps: SlackDeps,
    text: string,
  ): Promise<void>;
}

/** Any command, for the registry (`run` is a method, so each keeps its precise argument type). */
export type SlashCommand<N extends CommandName = CommandName> =
  | LookupCommand<N, z.ZodType>
  | CustomCommand<N>;

type LookupDef<
  N extends CommandName,
  S extends z.ZodType,
  P extends readonly string[],
  O extends readonly string[],
> = Omit<LookupCommand<N, S>, 'kind' | 'modal' | 'positionals' | 'options'> & {
  positionals: P;
  options: O;
  /**
   * The modal it opens when typed with no arguments: one field per argument, keyed by its name
   * (a missing or unknown one does not compile). Without it, no text is refused with the usage.
   */
  form?: LookupForm<P[number] | O[number]>;
};

/** Declares a lookup command; the schema's output types `run`'s arguments. */
export function lookupCommand<
  N extends CommandName,
  S extends z.ZodType,
  const P extends readonly string[],
  const O extends readonly string[],
>(
  def: LookupDef<N, S, P, O> & { form: LookupForm<P[number] | O[number]> },
): LookupCommand<N, S> & { modal: CommandModal };
export function lookupCommand<
  N extends CommandName,
  S extends z.ZodType,
  const P extends readonly string[],
  const O extends readonly string[],
>(def: LookupDef<N, S, P, O>): LookupCommand<N, S>;
export function lookupCommand<
  N extends CommandName,
  S extends z.ZodType,
  const P extends readonly string[],
  const O extends readonly string[],
>(def: LookupDef<N, S, P, O>): LookupCommand<N, S> {
  const { form, ...rest } = def;
  return { kind: 'lookup', ...rest, ...(form ? { modal: commandModal(def.name, form) } : {}) };
}

export function customCommand<N extends CommandName>(
  def: Omit<CustomCommand<N>, 'kind'>,
): CustomCommand<N> {
  return { kind: 'custom', ...def };
}
