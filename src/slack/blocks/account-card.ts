import type { types } from '@slack/bolt';
import type { AccountData, AccountPerson } from '../../gateway/operations/index.js';
import type { MessageKey } from '../../i18n/catalog/en.js';
import type { Translate } from '../../i18n/translator.js';
import { dailyTable, distributionLines } from './account-bars.js';
import { type CardOptions, cardFooter, header, section } from './card-parts.js';
import { count, esc, maskPhone } from './format.js';
import { LIMITS, moreLine, mrkdwn } from './limits.js';
import type { SlackMessage } from './message.js';

const FIRST_PEOPLE = 5;

const field = (label: string, value: string) =>
  mrkdwn(`*${label}*\n${value || '—'}`, LIMITS.fieldText);

function people(label: string, list: AccountPerson[], t: Translate): string {
  const names = list
    .slice(0, FIRST_PEOPLE)
    .map((p) => esc(p.name, 80) || t('lookup.account.noName'));
  const more = list.length > FIRST_PEOPLE ? `, ${moreLine(list.length - FIRST_PEOPLE, t)}` : '';
  const shown = names.length ? `: ${names.join(', ')}${more}` : '';
  return `${t('lookup.account.listed', { label, n: count(list.length) })}${shown}`;
}

/** The document's role letters in the reader's words; an undocumented letter as the gateway put it. */
function roleText(data: AccountData, t: Translate): string {
  const letter = data.role.trim().toLowerCase();
  return ['i', 'm', 's', 'k'].includes(letter)
    ? t(`lookup.account.role.${letter}` as MessageKey)
    : data.roleWord;
}

/** Account data (operation 2): profile, tags, the 7-day stats table, distributions, fans. */
export function accountCard(data: AccountData, opts: CardOptions & { t: Translate }): SlackMessage {
  const { t } = opts;
  const location = [data.city, data.province, data.country]
    .map((p) => esc(p, 100))
    .filter(Boolean)
    .join(', ');
  const tags = [
    `*${t('lookup.account.tags')}* ${esc(data.antistop, 1200) || '—'}`,
    `*${t('lookup.account.fansTags')}* ${esc(data.fansAntistop, 1200) || '—'}`,
  ].join('\n');
  const distributions: [string, AccountData['interests']][] = [
    [t('lookup.account.interests'), data.interests],
    [t('lookup.account.fanAges'), data.fansAges],
    [t('lookup.account.territories'), data.territories],
  ];
  const role = roleText(data, t);
  const blocks: types.KnownBlock[] = [
    header(data.name.trim() || t('lookup.account.title')),
    {
      type: 'section',
      fields: [
        field(t('lookup.account.role'), esc(role, 200)),
        field(t('lookup.account.sex'), t(`lookup.account.sex.${data.sexWord}`)),
        field(t('lookup.account.location'), location),
        field(t('lookup.account.fans'), count(data.fansCount)),
        field(t('lookup.account.phone'), esc(maskPhone(data.phone, t), 40)),
      ],
    },
    section(tags),
    section(`*${t('lookup.account.last7')}*\n${dailyTable(data.daily, t)}`),
    ...distributions.map(([label, list]) =>
      section(`*${label}*\n${distributionLines(list, t).join('\n')}`),
    ),
    section(
      [
        people(t('lookup.account.fans'), data.fans, t),
        people(t('lookup.account.following'), data.following, t),
      ].join('\n'),
    ),
    ...cardFooter(opts, []),
  ];
  const name = data.name.trim() || t('lookup.account.unnamed');
  const summary = t('lookup.account.summary', { name, role, fans: data.fansCount ?? 0 });
  return { text: esc(summary, 400), blocks };
}
