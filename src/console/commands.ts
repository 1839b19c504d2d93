/** A slash command as the composer offers it: name, one-line description, usage hint. */
export interface ConsoleCommand {
  command: string;
  description: string;
  usageHint: string;
}

/**
 * The app's slash commands with the usage hints of CONTRACT.md's table (the manifest carries the
 * same; test/console/commands.test.ts checks the two agree when manifest.yml is present).
 */
export const CONSOLE_COMMANDS: readonly ConsoleCommand[] = [
  {
    command: '/payorder',
    description: 'Look up a payment order',
    usageHint: '<order_number> <merchant_num> [type=platform|merchant]',
  },
  {
    command: '/shoporders',
    description: "List a shop's orders",
    usageHint:
      '<owner_id> [page=N] [size=1..100] [edition=enhanced|ordinary] [from=DATE] [to=DATE] [remark=TEXT] [tag=1..5]',
  },
  {
    command: '/qr',
    description: 'Create a QR login code and watch its status',
    usageHint: '<media_mark> [landing=PAGE]',
  },
  {
    command: '/account',
    description: 'Account analytics',
    usageHint: '<media_mark> or phone=N or session=ID',
  },
  {
    command: '/coupons',
    description: 'Coupon records',
    usageHint: '<sid> [kind=takeout|flash] [from=DATE] [to=DATE] [page=N] [size=1..1000]',
  },
  {
    command: '/punishments',
    description: 'Punishment records',
    usageHint:
      '<platform_user_id> [from=DATE] [span=1..30] [relation=ID] [trade=ID] [site=ID] [adzone=ID] [page=N] [size=N]',
  },
  {
    command: '/spend',
    description: 'Points spent by this workspace',
    usageHint: '[today|7d|30d]',
  },
  {
    command: '/querydesk',
    description: 'Help, settings and status',
    usageHint: 'help | config | status',
  },
];
