import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { ArgsError } from '../args/index.js';
import { errorCard } from '../blocks/error-card.js';
import { ENGLISH } from '../blocks/format.js';
import type { SlackDeps } from '../context.js';
import { finish } from '../delivery/finish.js';

/**
 * A subcommand's arguments (`watch`, `export`, `subscribe`), or undefined once bad input has been
 * refused in the ack with the problem and the usage line; nothing else runs then.
 */
export async function parsedOrRefused<T>(
  args: SlackCommandMiddlewareArgs & AllMiddlewareArgs,
  deps: SlackDeps,
  parser: { parse(text: string): T; usageLine: string },
  text: string,
): Promise<T | undefined> {
  try {
    return parser.parse(text);
  } catch (err) {
    if (!(err instanceof ArgsError)) throw err;
    await args.ack({
      response_type: 'ephemeral',
      ...finish(deps, errorCard(err, ENGLISH, parser.usageLine)),
    });
    return undefined;
  }
}
