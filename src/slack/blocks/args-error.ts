// Beside the error card that renders it, so Block Kit builders need nothing from args/.
/** Bad slash-command input. `message` names the problem in words; `usage` is the command's usage line. */
export class ArgsError extends Error {
  readonly usage?: string;

  constructor(problem: string, usage?: string) {
    super(problem);
    this.name = 'ArgsError';
    this.usage = usage;
  }

  /** The same problem, now carrying the usage line of the command that was typed. */
  withUsage(usage: string): ArgsError {
    return new ArgsError(this.message, usage);
  }
}
