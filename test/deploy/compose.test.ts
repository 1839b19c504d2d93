import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { type ComposeFile, dockerUnavailable, ROOT, readCompose, readRepoFile } from './files.js';

// The Compose specification's schema, kept in the repository (test/fixtures/compose/README.md).
// Its `$schema` spelling is unknown to Ajv 8, hence validateSchema: false.
const schema = JSON.parse(
  readFileSync(join(ROOT, 'test', 'fixtures', 'compose', 'compose-spec.json'), 'utf8'),
);
const validate = new Ajv({ strict: false, allErrors: true, validateSchema: false }).compile(schema);

const compose = readCompose();
const services = Object.entries(compose.services);
/** The querydesk replicas: the services built from this repository. */
const replicas = services.filter(([, s]) => s.build !== undefined);

describe('compose.yaml', () => {
  it('validates against the Compose specification', () => {
    const ok = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('is refused by the same schema when a dependency condition is misspelt', () => {
    const broken = structuredClone(compose) as ComposeFile;
    broken.services[replicas[0]![0]]!.depends_on = { postgres: { condition: 'service_happy' } };
    expect(validate(broken)).toBe(false);
  });

  it('runs two querydesk replicas of one image, on PostgreSQL and Redis', () => {
    expect(replicas).toHaveLength(2);
    expect(new Set(replicas.map(([, s]) => s.image)).size).toBe(1);
    for (const [, s] of replicas) {
      expect(s.environment?.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      expect(s.environment?.REDIS_URL).toBe('redis://redis:6379');
    }
  });

  it('starts a replica only once PostgreSQL and Redis are healthy', () => {
    for (const [, s] of replicas) {
      expect(s.depends_on?.postgres?.condition).toBe('service_healthy');
      expect(s.depends_on?.redis?.condition).toBe('service_healthy');
    }
  });

  it('gives every service a health check and keeps the data in named volumes', () => {
    for (const [name, s] of services) {
      expect(s.healthcheck?.test, name).toBeDefined();
    }
    const declared = Object.keys(compose.volumes ?? {});
    for (const name of ['postgres', 'redis']) {
      const mounts = compose.services[name]?.volumes ?? [];
      expect(mounts.length, name).toBeGreaterThan(0);
      for (const mount of mounts) expect(declared).toContain(mount.split(':')[0]);
    }
    expect(compose.services.postgres?.volumes).toContain('postgres-data:/var/lib/postgresql/data');
  });

  it('lets a replica finish its in-flight work (10 s) before Docker kills it', () => {
    for (const [, s] of replicas) {
      const seconds = Number(/^(\d+)s$/.exec(s.stop_grace_period ?? '')?.[1]);
      expect(seconds).toBeGreaterThan(10);
    }
  });

  it('publishes one port, on a proxy that spreads requests over ready replicas only', () => {
    const published = services.filter(([, s]) => (s.ports ?? []).length > 0);
    expect(published.map(([name]) => name)).toEqual(['proxy']);
    expect(published[0]![1].ports).toHaveLength(1);
    const caddyfile = compose.configs?.caddyfile?.content ?? '';
    for (const [name] of replicas) expect(caddyfile).toContain(`${name}:3000`);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    // Metrics stay off the public port.
    expect(caddyfile).toMatch(/@metrics path \/metrics\s+respond @metrics 404/);
  });

  it('names in .env.example every variable it interpolates', () => {
    const used = new Set(
      [...readRepoFile('compose.yaml').matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g)].map((m) => m[1]!),
    );
    const example = readRepoFile('.env.example');
    for (const name of used) expect(example).toMatch(new RegExp(`^(# )?${name}=`, 'm'));
  });

  const noCompose = dockerUnavailable(['compose', 'version']);
  it('is accepted by `docker compose config` where Docker Compose is installed', (ctx) => {
    if (noCompose) {
      console.warn(`skipped docker compose config: ${noCompose}`);
      ctx.skip(noCompose);
    }
    const run = (env: Record<string, string>) =>
      spawnSync('docker', ['compose', '-f', 'compose.yaml', 'config', '--quiet'], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      });
    const ok = run({ SLACK_BOT_TOKEN: 'xoxb-test', POSTGRES_PASSWORD: 'secret' });
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    // Without the required values it says what to set, instead of starting unreachable consoles.
    const missing = run({ POSTGRES_PASSWORD: 'secret' });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toMatch(/SLACK_BOT_TOKEN/);
  });
});

describe("the README's Deploy section", () => {
  const readme = readRepoFile('README.md');
  const deploy = readme.slice(
    readme.indexOf('## Deploy'),
    readme.indexOf('\n## ', readme.indexOf('## Deploy') + 1),
  );

  it('describes what compose.yaml does', () => {
    for (const [name] of replicas) expect(deploy).toContain(`\`${name}\``);
    const port = /\$\{QUERYDESK_PORT:-(\d+)\}/.exec(readRepoFile('compose.yaml'))?.[1];
    expect(deploy).toContain(`\`QUERYDESK_PORT\`, default ${port}`);
    const grace = replicas[0]![1].stop_grace_period;
    expect(deploy).toContain(`\`stop_grace_period: ${grace}\``);
    for (const service of ['postgres', 'redis']) {
      const major = /:(\d+)/.exec(compose.services[service]?.image ?? '')?.[1];
      expect(deploy).toMatch(
        new RegExp(`${service === 'postgres' ? 'PostgreSQL' : 'Redis'} ${major}\\b`),
      );
    }
    expect(deploy).toMatch(/readinessProbe: httpGet \/readyz/);
    expect(deploy).toMatch(/livenessProbe: httpGet \/healthz/);
  });
});
