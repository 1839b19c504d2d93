/** English messages: steps. Keys start with the area's own prefix; see ../en.ts. */
export const enSteps = {
  'steps.error.invalidInput': 'Invalid input: {problem}. Nothing was looked up or charged.',
  'steps.error.refused': '{title}: {detail}',
  'steps.error.gateway': '{meaning}{code}. What to do: {remedy} Request id {requestId}.{cost}',
  'steps.error.gatewayCode': ' (gateway code {code})',
  'steps.error.cost': ' This answer cost {points} points.',
  'steps.error.unknown':
    'querydesk could not finish this step. It has been logged; run the workflow again in a moment.',
  'steps.error.interrupted':
    'querydesk was restarted while running this step, so it did not finish. Check the spend before running the workflow again: a lookup may have been charged.',
  'steps.error.noDatabase':
    'querydesk could not reach its database, so nothing was looked up or charged. Run the workflow again in a moment.',
  'steps.input.required': '{name}: this field is required',
  'steps.input.mustBe': '{name}: must be {what}',
  'steps.input.problem': '{name}: {problem}',
  'steps.input.unsafe':
    '{name}: contains an invisible {kind, select, control {control character} direction {direction control} other {broken character}} ({code}) at character {position}; retype it without',
  'steps.input.tooLong': '{name}: is {length} characters long; at most {max} are read',
  'steps.input.userId': 'a Slack user id (U…)',
  'steps.input.channelId': 'a Slack channel id (C…)',
} as const;
