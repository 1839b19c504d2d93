/** English messages: qr. Keys start with the area's own prefix; see ../en.ts. */
export const enQr = {
  'qr.form.title': 'QR login code',
  'qr.form.intro':
    'Creates a QR login code for the account and posts it in this channel with a status message that updates itself. Creating the code and each status check cost points; an expired code is refunded.',
  'qr.form.submit': 'Create',
  'qr.form.mediaMark': 'Account identifier (media mark)',
  'qr.form.landing': 'Landing page',
  'qr.form.landingHint': 'Optional; the gateway uses its default page when empty or invalid.',
  'qr.title': 'QR login for {mark}',
  'qr.line.scanned': ':white_check_mark: *{state}*: the account has logged in.',
  'qr.line.expired': ':x: *{state}*: this QR code can no longer be scanned. {refund}',
  'qr.line.refunded': 'The points it cost were refunded.',
  'qr.line.refundedPoints': 'The {points} points it cost were refunded.',
  'qr.line.timedOut':
    ':double_vertical_bar: *{state}*: the watch ended without a scan. The code may still work; *{checkAgain}* looks once more.',
  'qr.line.watching':
    ':hourglass_flowing_sand: *{state}*: scan the QR code with the account’s app. This message changes by itself.',
  'qr.button.openLink': 'Open link',
  'qr.button.loadAccount': 'Load account analytics ({points} pts)',
  'qr.button.loadAccountPaid': 'Load account analytics (paid)',
  'qr.button.newCode': 'New QR code',
  'qr.button.checkAgain': 'Check again',
  'qr.button.scanned': "I've scanned it",
  'qr.field.account': 'Account',
  'qr.field.askedBy': 'Asked by',
  'qr.field.session': 'Session',
  'qr.field.landingPage': 'Landing page',
  'qr.field.state': 'State',
  'qr.field.lastChecked': 'Last checked',
  'qr.landingDefault': 'default',
  'qr.notYet': 'not yet',
  'qr.watch.watching': 'watching',
  'qr.watch.done': 'done',
  'qr.watch.ended': 'watch ended',
  'qr.context':
    '{checks, plural, one {# status check} other {# status checks}} · {points} points charged · created {created}',
  'qr.text':
    'QR login for {mark}: {state}{ended, select, yes {, watch ended} other {}} (session {session}, last checked {checked}). Link: {url}',
  'qr.askedByWorkflow': 'a workflow',
  'qr.creating.text': 'Creating a QR login code for {mark}…',
  'qr.creating.body':
    ':hourglass_flowing_sand: Creating a QR login code for *{mark}* (asked by {who})…',
  'qr.invite.title': ':wave: Invite querydesk first',
  'qr.invite.body':
    'querydesk is not a member of this channel (Slack said `{error}`), so it cannot post the QR code here. Invite it with `/invite @querydesk` and run `/qr` again. {cost}',
  'qr.invite.text':
    'querydesk is not in this channel. Invite it with /invite @querydesk, then {again}. {cost}',
  'qr.invite.againQr': 'run /qr again',
  'qr.invite.againWorkflow': 'run the workflow again',
  'qr.invite.charged':
    'The QR session was created and its link is in the status message, but the image could not be shared.',
  'qr.invite.free': 'Nothing was charged.',
  'qr.posted': 'QR code posted in {where} (session {session}); its status message updates itself.',
  'qr.thread.line':
    'Account analytics for QR session `{session}`, loaded by {who} · cost {points} points',
  'qr.thread.text': '{card} (loaded for QR session {session}, cost {points} points)',
  'qr.check.notYet':
    'Checked just now ({at}): the code is *{state}* yet. querydesk checks it every {every} s for the next {during} s, then less often; the status message changes as soon as the scan is seen.',
  'qr.check.failed':
    'The status could not be checked just now; querydesk tries again within a few seconds and the status message changes as soon as the scan is seen.',
  'qr.outOfDate': 'This button is out of date; use /qr again.',
  'qr.error.unknownTitle': 'Unknown QR session',
  'qr.error.unknownDetail': 'No QR session {session} here.',
  'qr.error.notScannedTitle': 'Not scanned',
  'qr.error.notScannedDetail': 'Account analytics can be loaded once the QR code has been scanned.',
  'qr.error.nothingTitle': 'Nothing to re-check',
  'qr.error.watching': 'This QR session is being watched already; its message changes by itself.',
  'qr.error.done':
    'This QR session has reached a final state (scanned or expired); there is nothing left to watch.',
  'qr.error.notSavedTitle': 'QR session not saved',
  'qr.error.notSavedDetail':
    'The QR session {session} was created but could not be saved, so it will not be watched. Its link: {url}',
} as const;
