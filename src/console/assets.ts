import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The page's files: plain HTML, CSS and browser ES modules, served as they are (no build step). */
export const PAGE_FILES = [
  'index.html',
  'app.css',
  'app.js',
  'blocks.js',
  'composer.js',
  'elements.js',
  'message-menu.js',
  'message-row.js',
  'modal.js',
  'mrkdwn.js',
  'steps.js',
  'threads.js',
  'words.js',
] as const;

export type PageFileName = (typeof PAGE_FILES)[number];

export interface PageAsset {
  body: Buffer;
  contentType: string;
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
};

/**
 * The folder holding the page. From src/ (tests, tsx) it sits beside this module; from dist/ the
 * compiler did not copy it, so it is read from the source tree the build came from.
 */
export function pageDir(): string {
  const candidates = [
    new URL('./page/', import.meta.url),
    new URL('../../src/console/page/', import.meta.url),
  ];
  for (const url of candidates) {
    const dir = fileURLToPath(url);
    if (existsSync(`${dir}index.html`)) return dir;
  }
  throw new Error('console page files not found (expected src/console/page/index.html)');
}

/** Every page file read once, at start-up: the page is small and never changes while running. */
export function loadPageAssets(dir = pageDir()): Map<string, PageAsset> {
  const assets = new Map<string, PageAsset>();
  for (const name of PAGE_FILES) {
    const ext = name.slice(name.lastIndexOf('.') + 1);
    assets.set(name, {
      body: readFileSync(`${dir}${name}`),
      contentType: TYPES[ext] ?? 'text/plain',
    });
  }
  return assets;
}
