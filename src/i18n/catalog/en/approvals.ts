/** English messages: approval for costly work. Keys start with the area's own prefix; see ../en.ts. */
export const enApprovals = {
  'approvals.config.above.label': 'Approval needed above (points)',
  'approvals.config.above.hint':
    'An export or subscription that can cost more than this (or whose price is not known yet) waits for an approver. Empty: never.',
  'approvals.config.above.invalid':
    'Enter a whole number of points (0 or more), or leave it empty.',
  'approvals.config.approvers.label': 'Approvers',
  'approvals.config.approvers.hint':
    'Who approves costly work. Empty: the workspace’s admins and owners. Nobody approves their own request.',
  'approvals.estimate.unknown': 'not known yet (no price in this workspace yet)',
  'approvals.preview.needed':
    ':raised_hand: *Needs approval*: the most this can cost is {estimate}; this workspace asks for approval above {above, plural, one {# point} other {# points}}.',
  'approvals.preview.ask':
    'Your approvers get a direct message; nothing is called before one of them approves.',
  'approvals.preview.nobody':
    ':no_entry: Nobody other than you can approve it. An admin can name approvers in `/querydesk config` (“Approvers”).',
  'approvals.button.ask': 'Ask for approval',
  'approvals.button.approve': 'Approve',
  'approvals.button.deny': 'Deny',
  'approvals.button.withdraw': 'Withdraw',
  'approvals.what.export': 'an export: {title}',
  'approvals.what.subscription': 'a subscription: {what}, every {every}',
  'approvals.dm.ask': '{asker} asks for your approval of {what}, in {channel}.',
  'approvals.dm.estimate': 'The most it can cost: {estimate}. Budget left today: {left}.',
  'approvals.dm.noBudget': 'no daily budget',
  'approvals.dm.expires': 'Expires {at} ({timeZone}) unless someone decides first.',
  'approvals.dm.text': '{asker} asks for your approval of {what}.',
  'approvals.asked':
    ':hourglass_flowing_sand: Sent for approval to {approvers}. Nothing is called until one of them approves.',
  'approvals.decided.approved': ':white_check_mark: {who} approved it; it has started.',
  'approvals.decided.refused': ':warning: {who} approved it, but it did not start: {reason}',
  'approvals.decided.denied': ':x: {who} denied it.',
  'approvals.decided.withdrawn': ':leftwards_arrow_with_hook: {who} withdrew the request.',
  'approvals.decided.expired': ':hourglass: Expired: nobody decided in time. Nothing was started.',
  'approvals.asker.approved': ':white_check_mark: {who} approved {what}; it has started.',
  'approvals.asker.refused': ':warning: {who} approved {what}, but it did not start: {reason}',
  'approvals.asker.denied': ':x: {who} denied {what}. Nothing was started.',
  'approvals.asker.withdrawn': 'You withdrew your request for {what}. Nothing was started.',
  'approvals.asker.expired':
    ':hourglass: Your request for {what} expired: nobody decided in time. Nothing was started; run the command again to ask again.',
  'approvals.click.needed':
    ':raised_hand: This now needs approval (an admin set an amount it is above). Nothing was started; run the command again to ask for approval.',
  'approvals.click.own': 'You cannot approve or deny your own request.',
  'approvals.click.notApprover': 'Only the approvers this request was sent to can decide it.',
  'approvals.click.decided': 'Already decided; this click changed nothing.',
  'approvals.click.expired': 'This request has expired; this click changed nothing.',
  'approvals.refused.failed': 'querydesk could not start it just now; ask again.',
  'approvals.auditBy': 'approved by {who}',
} as const;
