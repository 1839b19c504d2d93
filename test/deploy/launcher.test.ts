import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { launcher } from '../../bench/launcher.js';
import { ROOT, readRepoFile } from './files.js';

const LAUNCHER = 'scripts/start.sh';
/** The runtime settings production starts with; scripts/start.sh is their one home. */
const SETTINGS = ['--max-semi-space-size', '--max-old-space-size', 'MALLOC_TRIM_THRESHOLD_'];

/** The last stage's CMD, continuation lines joined. */
function imageCmd(): string | undefined {
  const lines = readRepoFile('Dockerfile')
    .replace(/\\\n\s*/g, ' ')
    .split('\n');
  const finalStage = lines.slice(lines.map((l) => l.startsWith('FROM ')).lastIndexOf(true));
  return finalStage.find((l) => l.startsWith('CMD '));
}

describe('production starts one way (scripts/start.sh)', () => {
  it('holds the runtime flags and execs node with them', () => {
    const script = readRepoFile(LAUNCHER);
    expect(script).toMatch(
      /^exec node --max-semi-space-size=1 --max-old-space-size=512 "\$bundle"$/m,
    );
    expect(script).toMatch(/^MALLOC_TRIM_THRESHOLD_=\$\{MALLOC_TRIM_THRESHOLD_:-65536\}$/m);
    expect(script).toMatch(/^export MALLOC_TRIM_THRESHOLD_$/m);
  });

  it('is what `npm start` runs', () => {
    const pkg = JSON.parse(readRepoFile('package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`sh ${LAUNCHER}`);
  });

  it("is the image's CMD, copied into the image", () => {
    expect(imageCmd()).toBe(`CMD ["sh", "${LAUNCHER}"]`);
    expect(readRepoFile('Dockerfile')).toMatch(
      new RegExp(`^COPY --from=build /app/${LAUNCHER} \\./${LAUNCHER}$`, 'm'),
    );
  });

  it('is how the benchmarks start the bot', () => {
    const run = launcher('/checkout');
    expect(run).toEqual({ command: 'sh', args: [`/checkout/${LAUNCHER}`] });
  });

  it('is the only place the runtime settings are written', () => {
    const elsewhere = [
      'package.json',
      'Dockerfile',
      'compose.yaml',
      ...readdirSync(join(ROOT, 'scripts'))
        .filter((f) => f !== 'start.sh')
        .map((f) => `scripts/${f}`),
      ...readdirSync(join(ROOT, 'bench'))
        .filter((f) => f.endsWith('.ts'))
        .map((f) => `bench/${f}`),
    ];
    for (const file of elsewhere) {
      const text = readRepoFile(file);
      for (const setting of SETTINGS)
        expect(text.includes(setting), `${setting} in ${file}`).toBe(false);
    }
  });
});
