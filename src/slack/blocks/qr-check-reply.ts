import { instantToWallClock } from '../../gateway/time.js';
import { notice, type SlackMessage } from './message.js';

/** The answer to "I've scanned it" when the check just made still says "not scanned". */
export function qrNotScannedYet(v: {
  checkedAt: Date;
  timeZone: string;
  gapMs: number;
  denseForMs: number;
}): SlackMessage {
  const at = instantToWallClock(v.checkedAt, v.timeZone);
  const every = Math.max(1, Math.round(v.gapMs / 1000));
  const during = Math.max(1, Math.round(v.denseForMs / 1000));
  return notice(
    `Checked just now (${at}): the code is *not scanned* yet. querydesk checks it every ${every} s for the next ${during} s, then less often; the status message changes as soon as the scan is seen.`,
  );
}

/** The answer to "I've scanned it" when the check could not be made (budget, gateway error). */
export function qrCheckFailed(): SlackMessage {
  return notice(
    'The status could not be checked just now; querydesk tries again within a few seconds and the status message changes as soon as the scan is seen.',
  );
}
