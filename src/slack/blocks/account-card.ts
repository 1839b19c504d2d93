import type { types } from '@slack/bolt';
import type { AccountData, AccountPerson } from '../../gateway/operations/index.js';
import { dailyTable, distributionLines } from './account-bars.js';
import { type CardOptions, cardFooter, header, section } from './card-parts.js';
import { count, esc, maskPhone } from './format.js';
import { LIMITS, moreLine, mrkdwn } from './limits.js';
import type { SlackMessage } from './message.js';

const FIRST_PEOPLE = 5;

const field = (label: string, value: string) =>
  mrkdwn(`*${label}*\n${value || '—'}`, LIMITS.fieldText);

function people(label: string, list: AccountPerson[]): string {
  const names = list.slice(0, FIRST_PEOPLE).map((p) => esc(p.name, 80) || '(no name)');
  const more = list.length > FIRST_PEOPLE ? `, ${moreLine(list.length - FIRST_PEOPLE)}` : '';
  const shown = names.length ? `: ${names.join(', ')}${more}` : '';
  return `*${label}* (${count(list.length)} listed)${shown}`;
}

/** Account data (operation 2): profile, tags, the 7-day stats table, distributions, fans. */
export function accountCard(data: AccountData, opts: CardOptions): SlackMessage {
  const location = [data.city, data.province, data.country]
    .map((p) => esc(p, 100))
    .filter(Boolean)
    .join(', ');
  const tags = [
    `*Tags* ${esc(data.antistop, 1200) || '—'}`,
    `*Fans' tags* ${esc(data.fansAntistop, 1200) || '—'}`,
  ].join('\n');
  const distributions: [string, AccountData['interests']][] = [
    ['Interests', data.interests],
    ['Fan ages', data.fansAges],
    ['Territories', data.territories],
  ];
  const blocks: types.KnownBlock[] = [
    header(data.name.trim() || 'Account'),
    {
      type: 'section',
      fields: [
        field('Role', esc(data.roleWord, 200)),
        field('Sex', data.sexWord),
        field('Location', location),
        field('Fans', count(data.fansCount)),
        field('Phone', esc(maskPhone(data.phone), 40)),
      ],
    },
    section(tags),
    section(`*Last 7 days*\n${dailyTable(data.daily)}`),
    ...distributions.map(([label, list]) =>
      section(`*${label}*\n${distributionLines(list).join('\n')}`),
    ),
    section([people('Fans', data.fans), people('Following', data.following)].join('\n')),
    ...cardFooter(opts, []),
  ];
  const name = data.name.trim() || 'unnamed account';
  const summary = `Account ${name}: ${data.roleWord}, ${count(data.fansCount)} fans`;
  return { text: esc(summary, 400), blocks };
}
