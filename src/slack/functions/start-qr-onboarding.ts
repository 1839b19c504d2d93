import { qr } from '../commands/qr.js';
import { startQrOnboarding } from '../qr/start-onboarding.js';
import { workflowStep } from './step.js';
import { StepFailed } from './step-failed.js';
import { sealStepToken } from './step-token.js';

/**
 * `start_qr_onboarding`: `/qr`'s rules and flow in `channel_id` (same placeholder first, so a bot
 * missing from the channel is found out before any point is spent; same watcher and buttons). The
 * execution waits with its QR session and is completed by whichever watcher ends the watch.
 */
export const startQrOnboardingStep = workflowStep({
  callbackId: 'start_qr_onboarding',
  title: 'Start QR onboarding',
  description:
    'Posts a QR login code and its live status message in a channel, and finishes when the code is scanned or expires.',
  inputs: {
    media_mark: {
      type: 'string',
      title: 'Media mark',
      description: 'The account identifier to create the QR login code for.',
      is_required: true,
    },
    channel_id: {
      type: 'slack#/types/channel_id',
      title: 'Channel',
      description:
        'Where the QR code and its status message are posted (querydesk must be a member).',
      is_required: true,
    },
    landing_page: {
      type: 'string',
      title: 'Landing page',
      description: "Optional; the gateway's default page when empty.",
    },
    user_id: {
      type: 'slack#/types/user_id',
      title: 'On behalf of',
      description: 'The person the code is for ("Paid commands allowed for" applies).',
    },
  },
  outputs: {
    session_id: { type: 'string', title: 'Session id', description: 'The QR session id.' },
    status: {
      type: 'string',
      title: 'Status',
      description: 'scanned, expired, or not scanned when the watch ended first.',
    },
    message_ts: {
      type: 'string',
      title: 'Status message ts',
      description: "The status message's ts.",
    },
  },
  commandNames: { landing_page: 'landing' },
  schema: (timeZone) => qr.schema(timeZone),
  async run(deps, args, run) {
    const result = await startQrOnboarding(deps, run.botClient, run.who, args, undefined, {
      executionId: run.executionId,
      // Sealed once the session is known: the token opens only in that session's row.
      sealToken: (sessionId) =>
        sealStepToken(run.executionToken, run.who.teamId, sessionId, deps.secrets),
    });
    if (!result.ok) {
      // A refusal or gateway failure: worded in the workspace's language by the step's runner.
      if (result.error !== undefined) throw result.error;
      // The card's fallback text, read as plain text (it says to run the workflow again).
      const text = result.message.text
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
      throw new StepFailed(text);
    }
    return { kind: 'pending' };
  },
});
