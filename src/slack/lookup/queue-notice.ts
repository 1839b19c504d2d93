import type { RespondFn } from '@slack/bolt';
import type { Logger } from 'pino';
import type { QueuedInfo } from '../../gateway/client.js';
import type { Translate } from '../../i18n/translator.js';
import { notice, type SlackMessage } from '../blocks/message.js';

/** A command expected to wait longer than this shows its place in the queue meanwhile. */
export const QUEUE_NOTICE_AFTER_MS = 3_000;
/**
 * The notice is posted this long (plus up to as much again, at random) after the command was
 * queued, not at once: under a burst, hundreds of posts at the moment of queueing would compete
 * with the acks of the commands still arriving.
 */
const NOTICE_DELAY_MS = 1_000;

/** The words shown while a command waits for the gateway's rate. */
export function queuedMessage(info: QueuedInfo, t: Translate): SlackMessage {
  const seconds = Math.max(1, Math.round(info.etaMs / 1000));
  return notice(t('lookup.queued', { ahead: info.ahead, seconds }));
}

/**
 * For one command's work: if one of its gateway calls will wait more than 3 s (the call says so
 * through `onQueued`, passed on the Asker), posts one
 * "Queued — N ahead, about S s" through the response_url (which allows 5 posts in 30 minutes,
 * so never more than this one besides the answer). `shown()` then says the answer should replace
 * it; `settled()` waits for the notice's own post so the answer never lands before it.
 */
export function queueNotice(
  respond: RespondFn | undefined,
  finish: (m: SlackMessage) => SlackMessage,
  logger: Logger,
  t: Translate,
) {
  let posting: Promise<boolean> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let done = false;
  const post = (info: QueuedInfo, waitedMs: number) => {
    if (done || !respond) return;
    // Where it stands now: the estimate and the place both shrink as the queue moves.
    const left = Math.max(0, info.etaMs - waitedMs);
    const ahead = Math.round((info.ahead * left) / Math.max(1, info.etaMs));
    posting = respond({
      ...finish(queuedMessage({ ahead, etaMs: left }, t)),
      response_type: 'ephemeral',
      replace_original: false,
    }).then(
      () => true,
      (err: unknown) => {
        logger.warn({ err }, 'queue notice not posted');
        return false;
      },
    );
  };
  const onQueued = (info: QueuedInfo) => {
    if (!respond || timer || info.etaMs <= QUEUE_NOTICE_AFTER_MS) return;
    const delay = NOTICE_DELAY_MS * (1 + Math.random());
    timer = setTimeout(() => post(info, delay), delay);
  };
  return {
    /** For the work's gateway calls (Asker.onQueued): told when one will wait its turn. */
    onQueued,
    /**
     * Called when the answer is ready: no notice is posted any more. Whether one was (the answer
     * then replaces it); waits for its post.
     */
    settled: async (): Promise<boolean> => {
      done = true;
      clearTimeout(timer);
      return posting ? posting : false;
    },
  };
}
