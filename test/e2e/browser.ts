import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export type { Browser, Locator, Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). Fails loudly when the
 * browser is missing: a browser test that quietly skips would pass CI while testing nothing.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `e2e: ${CHROMIUM} is missing. Install Debian's Chromium: apt-get update && apt-get install -y chromium (.ci/run does this).`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}
