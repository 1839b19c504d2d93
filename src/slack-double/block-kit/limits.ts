/**
 * Block Kit limits as Slack's reference states them (api.slack.com/reference/block-kit: blocks,
 * block elements, composition objects, surfaces), in characters or items. Written from that
 * reference, not taken from the bot's own table (src/slack/blocks/limits.ts), so that each checks
 * the other: where the bot keeps a tighter limit of its own, the bot's is the one that binds.
 */
export const SLACK_LIMITS = {
  /** Blocks in one message; in one modal or Home tab. */
  messageBlocks: 50,
  viewBlocks: 100,
  /** block_id, action_id, callback_id, external_id. */
  id: 255,
  /** Any text object. */
  text: 3000,
  sectionText: 3000,
  sectionFields: 10,
  sectionFieldText: 2000,
  headerText: 150,
  actionsElements: 25,
  contextElements: 10,
  imageAltText: 2000,
  imageUrl: 3000,
  imageTitle: 2000,
  inputLabel: 2000,
  inputHint: 2000,
  buttonText: 75,
  buttonValue: 2000,
  url: 3000,
  accessibilityLabel: 75,
  placeholder: 150,
  optionText: 75,
  optionValue: 150,
  optionDescription: 75,
  options: 100,
  optionGroups: 100,
  optionGroupLabel: 75,
  overflowOptions: 5,
  checkboxOptions: 10,
  radioOptions: 10,
  confirmTitle: 100,
  confirmText: 300,
  confirmButton: 30,
  viewTitle: 24,
  viewSubmit: 24,
  viewClose: 24,
  privateMetadata: 3000,
  /** Rows of a table, its header row included; cells in one row; column settings. */
  tableRows: 100,
  tableCells: 20,
  tableColumnSettings: 20,
} as const;
