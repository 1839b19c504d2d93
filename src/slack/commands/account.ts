import type { AccountDataInput } from '../../gateway/operations/account-data.js';
import { accountCard } from '../blocks/account-card.js';
import type { Asker, SlackMessage } from '../blocks/message.js';
import type { AppDeps } from '../deps.js';
import { query } from '../query.js';

/** /account: operation 2 by media mark, phone or session id. */
export async function runAccount(
  deps: AppDeps,
  input: AccountDataInput,
  who: Asker,
): Promise<SlackMessage> {
  const answer = await query(deps, 'accountData', input, who);
  const timeZone = deps.config.gateway.timeZone;
  const shareKey = await deps.results.put({ ...who, card: { kind: 'account', data: answer.data } });
  return accountCard(answer.data, { timeZone, shareKey });
}
