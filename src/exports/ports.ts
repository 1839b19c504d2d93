import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Store } from '../store/index.js';
import type { ExportRow } from './export-row.js';

/** One fetched page of an export. */
export interface FetchedPage {
  /** CSV cells, one array per order or coupon. */
  rows: string[][];
  points: number;
  /** Where the next page is; undefined when this was the last. */
  next?: unknown;
  /** Pages the whole export takes, when known now. */
  totalPages?: number;
}

/** Why a page could not be fetched, as the runner needs to know it. */
export class ExportStop extends Error {
  constructor(
    readonly reason: 'budget' | 'failed',
    /** Words for a person. */
    readonly words: string,
  ) {
    super(words);
    this.name = 'ExportStop';
  }
}

/**
 * Where the rows come from (the Slack side's gateway pages, with the page cache and budget) and
 * how the export is shown; declared here so the runner knows nothing of Slack.
 */
export interface ExportSource {
  header(row: ExportRow): readonly string[];
  /**
   * The page at `cursor` (undefined: the first). Throws ExportStop for the budget or a failure
   * worth telling; any other error is a passing one and the page is tried again.
   * `mayStillSend` is asked as the paid call leaves (after its wait at the rate limit): false
   * withdraws it unsent (`CallWithdrawn`), for a run whose lease may have gone meanwhile.
   */
  fetch(row: ExportRow, cursor: unknown, mayStillSend?: () => boolean): Promise<FetchedPage>;
}

export interface ExportMessages {
  /**
   * Posts the progress message in the export's channel (for an export whose Start click was won
   * by a process that died before posting it); its ts. Throws ExportStop when the channel cannot
   * be posted in (worth telling, never worth retrying); any other error is a passing one. Its ts
   * and the language it was posted in (kept on the row, so later edits speak it too).
   */
  post(row: ExportRow): Promise<{ ts: string; locale: string }>;
  /** Edits the progress message to the row's state. */
  show(row: ExportRow): Promise<void>;
  /** Uploads the CSV in the progress message's thread; the file's id. */
  upload(row: ExportRow, csv: Buffer, filename: string): Promise<string | undefined>;
  /**
   * True when a failed edit can never succeed (the channel archived or gone for the bot, the
   * workspace's token gone): the export then stops before its next page is bought.
   */
  gone?(err: unknown): boolean;
}

export interface ExportDeps {
  config: Pick<Config, 'export'>;
  logger: Logger;
  store: Store;
  clock: () => Date;
  source: ExportSource;
  messages: ExportMessages;
}
