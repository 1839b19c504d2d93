import { z } from 'zod';
import { type AccountData, AccountDataInput } from '../../gateway/operations/account-data.js';
import { accountCard } from '../blocks/account-card.js';
import type { Asker, SlackMessage } from '../blocks/message.js';
import type { AppDeps } from '../deps.js';
import { query } from '../lookup/query.js';
import { readerT } from '../lookup/reader.js';
import { check, text } from './arg-rules.js';
import { lookupCommand } from './command.js';

type AccountCard = {
  kind: 'account';
  data: AccountData;
};

/** /account: operation 2 by media mark, phone or session id. */
export async function runAccount(
  deps: AppDeps,
  input: AccountDataInput,
  who: Asker,
): Promise<SlackMessage> {
  const answer = await query(deps, 'accountData', input, who);
  const timeZone = deps.config.gateway.timeZone;
  const card: AccountCard = { kind: 'account', data: answer.data };
  const shareKey = await deps.results.put({ ...who, card });
  return accountCard(answer.data, { timeZone, shareKey, t: readerT(who) });
}

export const account = lookupCommand({
  name: '/account',
  usage: '<media_mark> | phone=N | session=ID (combinable)',
  description: 'Account analytics (7-day stats, fans, distributions)',
  help: 'help.what.account',
  example: (x) => x.account.mediaMark,
  positionals: ['media_mark'],
  options: ['phone', 'session'],
  schema: () =>
    z
      .object({ media_mark: text.optional(), phone: text.optional(), session: text.optional() })
      .transform((a, ctx) =>
        check(
          AccountDataInput,
          { mediaMark: a.media_mark, phone: a.phone, sessionId: a.session },
          ctx,
          { mediaMark: 'media_mark', sessionId: 'session' },
        ),
      ),
  form: {
    title: 'lookup.form.account.title',
    intro: 'lookup.form.account.intro',
    fields: {
      media_mark: {
        kind: 'text',
        label: 'lookup.form.account.mediaMark',
        optional: true,
        hint: 'lookup.form.account.atLeastOne',
        maxLength: 200,
      },
      phone: {
        kind: 'text',
        label: 'lookup.form.account.phone',
        optional: true,
        hint: 'lookup.form.account.atLeastOne',
        maxLength: 21,
      },
      session: {
        kind: 'text',
        label: 'lookup.form.account.session',
        optional: true,
        hint: 'lookup.form.account.atLeastOne',
        maxLength: 200,
      },
    },
  },
  card: {
    kind: 'account',
    shared: (c: AccountCard, opts) => accountCard(c.data, opts),
  },
  run: (deps, input, who) => runAccount(deps, input, who),
});
