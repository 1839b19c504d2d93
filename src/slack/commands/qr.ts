import { z } from 'zod';
import { QrCreateInput } from '../../gateway/operations/qr-create.js';
import { type Translate, translator } from '../../i18n/translator.js';
import { mrkdwn } from '../blocks/limits.js';
import type { SlackMessage } from '../blocks/message.js';
import { startQrOnboarding } from '../qr/start-onboarding.js';
import { personLocale } from '../settings/language.js';
import { check, text } from './arg-rules.js';
import { lookupCommand } from './command.js';

function confirmation(sessionId: string, channelId: string, t: Translate): SlackMessage {
  const text = t('qr.posted', { where: `<#${channelId}>`, session: sessionId });
  return { text, blocks: [{ type: 'context', elements: [mrkdwn(text)] }] };
}

/** `/qr`: operation 1, the PNG and a live status message in the channel (then operation 3). */
export const qr = lookupCommand({
  name: '/qr',
  usage: '<media_mark> [landing=PAGE]',
  description: 'QR login code for an account, with a live status message',
  help: 'help.what.qr',
  example: (x) => x.account.mediaMark,
  positionals: ['media_mark'],
  options: ['landing'],
  schema: () =>
    z.object({ media_mark: text, landing: text.optional() }).transform((a, ctx) =>
      check(QrCreateInput, { mediaMark: a.media_mark, landingPage: a.landing }, ctx, {
        mediaMark: 'media_mark',
        landingPage: 'landing',
      }),
    ),
  form: {
    title: 'qr.form.title',
    intro: 'qr.form.intro',
    submit: 'qr.form.submit',
    fields: {
      media_mark: { kind: 'text', label: 'qr.form.mediaMark', maxLength: 200 },
      landing: {
        kind: 'text',
        label: 'qr.form.landing',
        hint: 'qr.form.landingHint',
        optional: true,
        maxLength: 200,
      },
    },
  },
  async run(deps, input, who, client) {
    const result = await startQrOnboarding(deps, client, who, input, `${qr.name} ${qr.usage}`);
    if (!result.ok) return result.message;
    if (result.notice) return result.notice;
    const t = translator(await personLocale(deps, client, who.teamId, who.userId));
    return confirmation(result.sessionId, who.channelId, t);
  },
});
