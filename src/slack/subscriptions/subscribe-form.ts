import { issueProblem } from '../args/index.js';
import { problemText } from '../blocks/args-error.js';
import type { FormChoice } from '../commands/command.js';
import { subscribeParser } from './subscribe-args.js';
import { previewSubscription } from './subscribe-command.js';

/** The /shoporders form's input that chooses a subscription instead of the listing. */
export const SUBSCRIBE_INSTEAD = { field: 'instead', value: 'subscribe' } as const;

/** The form's inputs `/shoporders subscribe` has arguments for; the others are not used. */
const ARGUMENTS = ['owner_id', 'every', 'remark', 'tag', 'edition'] as const;

/**
 * "Subscribe this channel instead" in the /shoporders form: the form's values go through the
 * `/shoporders subscribe` rules (enhanced edition only, the interval's bounds) and on to the same
 * private preview; nothing is called before its **Subscribe**.
 */
export const subscribeInstead: FormChoice = {
  ...SUBSCRIBE_INSTEAD,
  more: [SUBSCRIBE_INSTEAD.field, 'every'],
  read(deps, values, t) {
    const given = Object.fromEntries(
      ARGUMENTS.flatMap((k) => (values[k] === undefined ? [] : [[k, values[k]]])),
    );
    const parsed = subscribeParser(deps.config.subscription.minIntervalMs).schema.safeParse(given);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'owner_id');
        const block = (ARGUMENTS as readonly string[]).includes(key) ? key : 'owner_id';
        if (!errors[block]) errors[block] = problemText(issueProblem(issue), t).slice(0, 150);
      }
      return { errors };
    }
    return {
      run: (who, client) =>
        previewSubscription(
          deps,
          { client },
          { ...who, origin: '/shoporders subscribe' },
          parsed.data,
        ),
    };
  },
};
