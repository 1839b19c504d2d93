import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The code shape says no function grows past 120 lines: past that a function has several jobs
// and wants named pieces. Every function counts: declarations, expressions, arrows, methods,
// accessors and constructors, nested ones on their own.

const MAX_LINES = 120;
const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');

/** What ships and what measures it: the benchmarks are held to the same shape. */
const ROOTS = [SRC, join(ROOT, 'bench')];
const EXEMPT = ['bench/build/', 'bench/results/'];

interface LongFunction {
  where: string;
  name: string;
  lines: number;
}

function nameOf(node: ts.SignatureDeclaration, sf: ts.SourceFile): string {
  if (node.name) return node.name.getText(sf);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText(sf);
  }
  if (ts.isPropertyDeclaration(parent)) return parent.name.getText(sf);
  return ts.isConstructorDeclaration(node) ? 'constructor' : '(anonymous)';
}

/** Every function in `text` longer than `max` lines, from its first token to its last line. */
function longFunctions(fileName: string, text: string, max = MAX_LINES): LongFunction[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max)
        found.push({ where: `${fileName}:${first + 1}`, name: nameOf(node, sf), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|cts)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('function length', () => {
  it(`no function under src/ or bench/ is longer than ${MAX_LINES} lines`, () => {
    const files = ROOTS.flatMap((dir) => sourceFiles(dir))
      .map((path) => relative(ROOT, path).split('\\').join('/'))
      .filter((file) => !EXEMPT.some((prefix) => file.startsWith(prefix)));

    const long = files.flatMap((file) =>
      longFunctions(file, readFileSync(join(ROOT, file), 'utf8')),
    );

    expect(files.length).toBeGreaterThan(100);
    expect(long).toEqual([]);
  });

  it('counts declarations, arrows, methods and nested functions, each by its own name', () => {
    const body = (n: number) =>
      Array.from({ length: n }, (_, i) => `  const x${i} = ${i};`).join('\n');
    const text = [
      `export function declared() {\n${body(118)}\n}`,
      `export const arrow = () => {\n${body(121)}\n};`,
      `class Box {\n  method() {\n${body(130)}\n  }\n}`,
      `function outer() {\n  const inner = function () {\n${body(125)}\n  };\n}`,
    ].join('\n');

    const long = longFunctions('sample.ts', text);

    expect(long.map((f) => [f.name, f.lines])).toEqual([
      ['arrow', 123],
      ['method', 132],
      ['outer', 129],
      ['inner', 127],
    ]);
  });
});
