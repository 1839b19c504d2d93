import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { RunningConsole } from '../../src/console/start-console.js';
import { startTestConsole } from '../console/start.js';
import { type Browser, launchChromium, type Page } from './browser.js';

export const ARTIFACTS = 'test-artifacts/e2e';
export const STEP_MS = 15_000;

/** The local console open in Chromium, live, with what a browser test reads and does there. */
export interface ConsolePage {
  page: Page;
  /** Errors the page threw: a test ends by expecting none. */
  pageErrors: string[];
  /** A full-page screenshot in test-artifacts/e2e/NAME.png. */
  shot(name: string): Promise<Buffer>;
  /** Types a line in the composer and sends it. */
  run(line: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts a console (QR codes scan only when a test says so) and opens its page in Chromium. */
export async function openConsolePage(height = 900): Promise<ConsolePage> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const browser: Browser = await launchChromium();
  let qd: RunningConsole | undefined;
  try {
    qd = await startTestConsole({}, 10 * 60_000);
    const page = await browser.newPage({ viewport: { width: 1280, height } });
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(qd.url);
    await page.locator('body[data-live="true"]').waitFor({ state: 'attached', timeout: STEP_MS });
    const running = qd;
    return {
      page,
      pageErrors,
      shot: (name) => page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true }),
      async run(line) {
        await page.locator('#input').fill(line);
        await page.locator('button.send').click();
      },
      async close() {
        await browser.close();
        await running.stop();
      },
    };
  } catch (err) {
    await browser.close();
    await qd?.stop();
    throw err;
  }
}

/**
 * The console page of one describe block: opened in Chromium before its tests, closed after them.
 * Read `page` and `pageErrors` inside the tests (they exist once it is open).
 */
export function consolePageForAll(height = 900): Omit<ConsolePage, 'close'> {
  let opened: ConsolePage | undefined;
  beforeAll(async () => {
    opened = await openConsolePage(height);
  }, 60_000);
  afterAll(async () => {
    await opened?.close();
  });
  const c = (): ConsolePage => {
    if (!opened) throw new Error('e2e: the console page opens before the tests');
    return opened;
  };
  return {
    get page() {
      return c().page;
    },
    get pageErrors() {
      return c().pageErrors;
    },
    shot: (name) => c().shot(name),
    run: (line) => c().run(line),
  };
}
