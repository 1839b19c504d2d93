import type { App, BlockAction, ButtonAction, RespondFn } from '@slack/bolt';
import {
  checkAgain,
  loadAccountAnalytics,
  parseNewCodeValue,
  QR_ACTION,
  type QrActionResult,
  type QrDeps,
  scannedIt,
  startQrOnboarding,
} from '../../qr/index.js';
import { ACTION, VIEW } from '../blocks/ids.js';
import { type Asker, notice, type SlackMessage } from '../blocks/message.js';
import { qrModal } from '../blocks/qr-modal.js';
import { finish, registerSlash } from './slash.js';
import type { CommandSpecs } from './specs.js';

function confirmation(sessionId: string, channelId: string): SlackMessage {
  const text = `QR code posted in <#${channelId}> (session ${sessionId}); its status message updates itself.`;
  return { text, blocks: [{ type: 'context', elements: [{ type: 'mrkdwn', text }] }] };
}

/** `/qr` and the buttons of its status message. */
export function registerQr(app: App, deps: QrDeps, specs: CommandSpecs): void {
  registerSlash(app, deps, {
    spec: specs.qr,
    modal: { callbackId: VIEW.qr, build: (privateMetadata) => qrModal({ privateMetadata }) },
    async run(_d, input, who, client) {
      const result = await startQrOnboarding(deps, client, who, input);
      if (!result.ok) return result.message;
      return result.notice ?? confirmation(result.sessionId, who.channelId);
    },
  });

  const clicker = (body: BlockAction): Asker => ({
    teamId: body.team?.id ?? '',
    userId: body.user.id,
    channelId: body.channel?.id ?? body.user.id,
  });
  const tell = async (respond: RespondFn, result: QrActionResult | undefined) => {
    if (result?.message) {
      await respond({
        ...finish(deps, result.message),
        response_type: 'ephemeral',
        replace_original: false,
      });
    }
  };

  app.action<BlockAction<ButtonAction>>(
    QR_ACTION.loadAccount,
    async ({ ack, action, body, respond, client }) => {
      await ack();
      deps.metrics.slackAcks.inc({ kind: 'action' });
      await tell(
        respond,
        await loadAccountAnalytics(deps, client, clicker(body), action.value ?? ''),
      );
    },
  );

  app.action<BlockAction<ButtonAction>>(
    QR_ACTION.checkAgain,
    async ({ ack, action, body, respond }) => {
      await ack();
      deps.metrics.slackAcks.inc({ kind: 'action' });
      await tell(respond, await checkAgain(deps, clicker(body), action.value ?? ''));
    },
  );

  // "I've scanned it": one check at once (none more while it runs), the answer told ephemerally.
  app.action<BlockAction<ButtonAction>>(
    QR_ACTION.scanned,
    async ({ ack, action, body, respond }) => {
      await ack();
      deps.metrics.slackAcks.inc({ kind: 'action' });
      await tell(respond, await scannedIt(deps, clicker(body), action.value ?? ''));
    },
  );

  app.action<BlockAction<ButtonAction>>(
    QR_ACTION.newCode,
    async ({ ack, action, body, respond, client }) => {
      await ack();
      deps.metrics.slackAcks.inc({ kind: 'action' });
      const args = parseNewCodeValue(action.value ?? '');
      if (!args) {
        await respond({
          response_type: 'ephemeral',
          replace_original: false,
          ...finish(deps, notice('This button is out of date; use /qr again.')),
        });
        return;
      }
      const result = await startQrOnboarding(deps, client, clicker(body), args);
      await tell(respond, result.ok ? undefined : result);
    },
  );

  // The QR link button opens a URL; Slack still sends the click, which only needs an ack.
  app.action(ACTION.openLink, async ({ ack }) => {
    await ack();
  });
}
