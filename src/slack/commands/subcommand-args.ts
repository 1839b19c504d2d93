import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { ArgsError } from '../args/index.js';
import type { SlackDeps } from '../context.js';
import { sendRefusal } from './refusal.js';

/**
 * A subcommand's arguments (`watch`, `export`, `subscribe`), or undefined once bad input has been
 * acked empty and refused with the problem and the usage line in the asker's language; nothing
 * else runs then.
 */
export async function parsedOrRefused<T>(
  args: SlackCommandMiddlewareArgs & AllMiddlewareArgs,
  deps: SlackDeps,
  parser: { parse(text: string): T; syntax: string },
  text: string,
): Promise<T | undefined> {
  try {
    return parser.parse(text);
  } catch (err) {
    if (!(err instanceof ArgsError)) throw err;
    await args.ack();
    const { client, respond, command } = args;
    const to = { client, respond, teamId: command.team_id, userId: command.user_id };
    await deps.work.track(sendRefusal(deps, to, err, parser.syntax));
    return undefined;
  }
}
