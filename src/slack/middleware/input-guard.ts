import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { Logger } from 'pino';
import type { LocaleResolver } from '../../i18n/locale-resolver.js';
import { type Translate, translator } from '../../i18n/translator.js';
import { typedValueProblem } from '../args/input-rules.js';

/** Longest form input read (Slack's own cap on a plain-text input is 3000). */
export const MAX_FORM_VALUE = 500;
/** Our buttons carry at most a few hundred characters of JSON; Slack caps values at 2000. */
const MAX_ACTION_VALUE = 2000;

type Payload = Record<string, unknown>;
const obj = (v: unknown): Payload | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Payload) : undefined;

/** Every string a person could have put in one input's state (typed, picked or dated). */
function stateStrings(state: Payload | undefined): string[] {
  if (!state) return [];
  const picked = obj(state.selected_option)?.value;
  const many = Array.isArray(state.selected_options)
    ? state.selected_options.map((o) => obj(o)?.value)
    : [];
  return [state.value, picked, state.selected_date, state.selected_time, ...many].filter(
    (v): v is string => typeof v === 'string',
  );
}

/**
 * A submitted form's problems, block_id → message (in `t`'s language; English without one), for
 * `response_action: errors`: any input holding a control or direction character, or longer than
 * MAX_FORM_VALUE.
 */
export function formProblems(stateValues: unknown, t?: Translate): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [blockId, actions] of Object.entries(obj(stateValues) ?? {})) {
    for (const state of Object.values(obj(actions) ?? {})) {
      for (const text of stateStrings(obj(state))) {
        const problem = typedValueProblem(text, MAX_FORM_VALUE, t);
        if (problem && !errors[blockId]) errors[blockId] = problem.slice(0, 150);
      }
    }
  }
  return errors;
}

/** True when a click carries a value no control of ours could hold. */
export function actionRefused(actions: unknown): boolean {
  if (!Array.isArray(actions)) return false;
  return actions.some((a) =>
    stateStrings(obj(a)).some((v) => typedValueProblem(v, MAX_ACTION_VALUE) !== undefined),
  );
}

/**
 * Input rules at the edge, as one Bolt global middleware, before any listener: a form whose
 * values hold control or direction characters (or are too long) is kept open with the problem
 * under the input; a click whose value does is acked and ignored (no control of ours makes one).
 * Command text gets the same rules in the argument parser, which answers with the usage.
 * The form's problems are the ack itself: in the person's language when it is already in memory
 * (`locales`), else English; nothing is looked up on the way to the ack.
 */
export function inputGuardMiddleware(deps: {
  logger: Logger;
  locales: Pick<LocaleResolver, 'knownLocale'>;
}): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const body = obj(args.body) ?? {};
    const ack = 'ack' in args && typeof args.ack === 'function' ? args.ack : undefined;
    if (body.type === 'view_submission' && ack) {
      const teamId = obj(body.team)?.id ?? obj(body.view)?.team_id;
      const userId = obj(body.user)?.id;
      const known =
        typeof teamId === 'string' && typeof userId === 'string'
          ? deps.locales.knownLocale(teamId, userId)
          : undefined;
      const errors = formProblems(obj(obj(body.view)?.state)?.values, translator(known ?? 'en'));
      if (Object.keys(errors).length > 0) {
        await (ack as (r: unknown) => Promise<void>)({ response_action: 'errors', errors });
        return;
      }
    }
    if (body.type === 'block_actions' && actionRefused(body.actions)) {
      deps.logger.warn('click with an unsafe value ignored');
      if (ack) await (ack as () => Promise<void>)();
      return;
    }
    await args.next();
  };
}
