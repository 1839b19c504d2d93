import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { dockerUnavailable, ROOT, readRepoFile } from './files.js';

const dockerfile = readRepoFile('Dockerfile').replace(/\\\n\s*/g, ' ');
const lines = dockerfile.split('\n').map((l) => l.trim());
/** Instructions of the last stage: what the running image is made of. */
const finalStage = lines.slice(lines.map((l) => l.startsWith('FROM ')).lastIndexOf(true));
const nodeVersion = /^ARG NODE_VERSION=(\d+)/m.exec(dockerfile)?.[1];

describe('Dockerfile', () => {
  it('runs on a slim image of a Node.js LTS line (an even major, 20 or later)', () => {
    const from = finalStage[0]!;
    expect(from).toMatch(/^FROM node:\$\{NODE_VERSION\}-[a-z]+-slim$/);
    expect(Number(nodeVersion) % 2).toBe(0);
    expect(Number(nodeVersion)).toBeGreaterThanOrEqual(20);
  });

  it('installs production dependencies only, from the lockfile', () => {
    expect(dockerfile).toMatch(/RUN npm ci --omit=dev/);
    // The running image gets its node_modules from that install, not from the build stage.
    const copies = finalStage.filter((l) => l.startsWith('COPY') && l.includes('node_modules'));
    expect(copies).toHaveLength(1);
    const stage = /--from=(\S+)/.exec(copies[0]!)?.[1];
    expect(dockerfile).toMatch(new RegExp(`AS ${stage}\\n[^]*?npm ci --omit=dev`));
  });

  it('runs as a user other than root', () => {
    const user = finalStage.filter((l) => l.startsWith('USER ')).pop();
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)(:|$)/);
  });

  it('checks /healthz and starts through the launcher, which execs node so SIGTERM reaches it', () => {
    expect(finalStage.find((l) => l.startsWith('HEALTHCHECK'))).toMatch(/\/healthz/);
    expect(finalStage.find((l) => l.startsWith('CMD'))).toBe('CMD ["sh", "scripts/start.sh"]');
  });

  it('keeps secrets, dependencies and build output out of the build context', () => {
    const ignored = readRepoFile('.dockerignore').split('\n');
    for (const entry of ['.env', 'node_modules', 'dist', '.git', 'data']) {
      expect(ignored).toContain(entry);
    }
  });

  const noEngine = dockerUnavailable(['info']);
  it('builds where a Docker engine answers', (ctx) => {
    if (noEngine) {
      console.warn(`skipped docker build: no Docker engine answers (${noEngine})`);
      ctx.skip(noEngine);
    }
    const build = spawnSync('docker', ['build', '--quiet', '-t', 'querydesk:test', '.'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 900_000,
    });
    expect(build.stderr).not.toMatch(/ERROR/);
    expect(build.status).toBe(0);
    const user = spawnSync(
      'docker',
      ['image', 'inspect', '--format', '{{.Config.User}}', 'querydesk:test'],
      { encoding: 'utf8' },
    );
    expect(user.stdout.trim()).toBe('node');
  }, 900_000);
});
