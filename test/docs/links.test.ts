import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const DOCUMENTS = [
  join(ROOT, 'README.md'),
  join(ROOT, 'CONTRIBUTING.md'),
  ...markdownFiles(join(ROOT, 'docs')),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));
}

/** Every relative link of every document, as `file → target#anchor`, that does not resolve. */
function brokenLinks(): string[] {
  const broken: string[] = [];
  for (const file of DOCUMENTS) {
    const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = m[1]!;
      if (/^[a-z]+:/.test(link)) continue;
      const [path, anchor] = link.split('#');
      const target = path ? join(dirname(file), path) : file;
      const ok =
        existsSync(target) && (!anchor || !target.endsWith('.md') || anchorsOf(target).has(anchor));
      if (!ok) broken.push(`${relative(ROOT, file)} → ${link}`);
    }
  }
  return broken;
}

/** Lines a merge left behind: `<<<<<<< ours`, `=======`, `>>>>>>> theirs` at a line's start. */
function conflictMarkers(): string[] {
  return DOCUMENTS.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        /^(<{7}|={7}|>{7})( |$)/.test(line) ? [`${relative(ROOT, file)}:${i + 1}`] : [],
      ),
  );
}

describe('the documents', () => {
  it('link only to files and headings that exist', () => {
    expect(brokenLinks()).toEqual([]);
  });

  it('hold no merge conflict markers', () => {
    expect(conflictMarkers()).toEqual([]);
  });
});
