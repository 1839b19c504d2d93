import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  type ComposeFile,
  type ComposeService,
  dockerUnavailable,
  ROOT,
  readCompose,
  readRepoFile,
} from './files.js';

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

  it('publishes one public port, on a proxy that forwards only Slack and health routes to ready replicas', () => {
    expect(compose.services.proxy?.ports).toHaveLength(1);
    expect(compose.services.proxy?.ports?.[0]).toMatch(/^\$\{QUERYDESK_PORT:-\d+\}:80$/);
    const caddyfile = compose.configs?.caddyfile?.content ?? '';
    for (const [name] of replicas) expect(caddyfile).toContain(`${name}:3000`);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    // An allow-list: /metrics and the console's paths (/, /console/*, /slack-api/*) stay off the
    // public port, and every other path is answered 404 by the proxy itself.
    expect(caddyfile).toMatch(/@public path \/slack\/\* \/healthz \/readyz\s+handle @public \{/);
    expect(caddyfile).toMatch(/handle \{\s+respond 404\s+\}/);
    const routed = caddyfile.slice(
      caddyfile.indexOf('handle @public'),
      caddyfile.indexOf('handle {'),
    );
    expect(routed).toContain('reverse_proxy');
    expect(caddyfile.match(/reverse_proxy/g)).toHaveLength(1);
  });

  it('runs the local console on one replica, published on the host loopback only', () => {
    const published = services.filter(([, s]) => (s.ports ?? []).length > 0 && s.build);
    expect(published.map(([name]) => name)).toEqual(['querydesk-1']);
    const [[, console1]] = published as [[string, ComposeService]];
    // The host port the browser uses is the one the console is told it is published on.
    const hostPort = /^\$\{QUERYDESK_CONSOLE_PORT:-\d+\}$/;
    expect(console1.ports).toHaveLength(1);
    const [ip, port, target] = console1.ports![0]!.split(/:(?=\$|\d+$)/);
    expect([ip, target]).toEqual(['127.0.0.1', '3000']);
    expect(port).toMatch(hostPort);
    expect(console1.environment?.CONSOLE_LISTEN).toBe('all');
    expect(console1.environment?.CONSOLE_PUBLISHED_PORT).toBe(port);
    expect(console1.environment?.CONSOLE_STANDBY).toBeUndefined();
    // Every other replica stands by in console mode: one Slack double, one console.
    for (const [name, s] of replicas.filter(([n]) => n !== 'querydesk-1')) {
      expect(s.environment?.CONSOLE_STANDBY, name).toBe('true');
      expect(s.environment?.CONSOLE_LISTEN, name).toBeUndefined();
    }
    // Nothing requires Slack variables: with none, `docker compose up` starts the console.
    expect(readRepoFile('compose.yaml')).not.toMatch(/\$\{SLACK_[A-Z_]+:\?/);
  });

  it('names in .env.example every variable it interpolates', () => {
    const used = new Set(
      [...readRepoFile('compose.yaml').matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g)].map((m) => m[1]!),
    );
    const example = readRepoFile('.env.example');
    for (const name of used) expect(example).toMatch(new RegExp(`^(# )?${name}=`, 'm'));
  });

  const noCaddy = spawnSync('caddy', ['version']).error ? 'no caddy on this machine' : undefined;
  it('has a Caddyfile that caddy adapts to an allow-list of routes, where caddy is installed', (ctx) => {
    if (noCaddy) {
      console.warn(`skipped caddy adapt: ${noCaddy}`);
      ctx.skip(noCaddy);
    }
    const dir = mkdtempSync(join(tmpdir(), 'qd-caddy-'));
    try {
      const file = join(dir, 'Caddyfile');
      writeFileSync(file, compose.configs?.caddyfile?.content ?? '');
      const run = spawnSync('caddy', ['adapt', '--config', file, '--adapter', 'caddyfile'], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status, run.stderr).toBe(0);
      const routes = JSON.parse(run.stdout).apps.http.servers.srv0.routes as {
        match?: { path: string[] }[];
        handle: { routes: { handle: { handler: string; status_code?: number }[] }[] }[];
      }[];
      expect(routes.map((r) => r.match?.[0]?.path ?? null)).toEqual([
        ['/slack/*', '/healthz', '/readyz'],
        null,
      ]);
      const handlers = routes.map((r) => r.handle[0]!.routes[0]!.handle[0]!);
      expect(handlers.map((h) => h.handler)).toEqual(['reverse_proxy', 'static_response']);
      expect(handlers[1]!.status_code).toBe(404);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
    // No Slack variables: the local console, accepted as it is.
    const console1 = run({ POSTGRES_PASSWORD: 'secret' });
    expect(console1.stderr).toBe('');
    expect(console1.status).toBe(0);
    // Without the database password it says what to set.
    const missing = run({ SLACK_BOT_TOKEN: 'xoxb-test' });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toMatch(/POSTGRES_PASSWORD/);
  });
});

describe('the deploy page (docs/operations/deploy.md)', () => {
  const deploy = readRepoFile('docs/operations/deploy.md');

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
    expect(deploy).toMatch(/readinessProbe:\s*\n\s*httpGet: \{ path: \/readyz\b/);
    expect(deploy).toMatch(/livenessProbe:\s*\n\s*httpGet: \{ path: \/healthz\b/);
  });
});
