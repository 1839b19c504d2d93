import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { commandSpecs } from '../../src/slack/commands/specs.js';

const root = join(import.meta.dirname, '..', '..');
// A copy kept in the repository (test/fixtures/slack/README.md), so the check runs offline everywhere.
const schemaPath = join(root, 'test', 'fixtures', 'slack', 'manifest.schema.1.0.0.json');
const manifest = parse(readFileSync(join(root, 'manifest.yml'), 'utf8')) as {
  features: {
    slash_commands: { command: string; usage_hint: string }[];
    shortcuts: { callback_id: string }[];
  };
  oauth_config: { scopes: { bot: string[] } };
};

describe('manifest.yml', () => {
  it("validates against Slack's manifest schema 1.0.0", () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')));
    const ok = validate(manifest);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('is refused by the same schema when a required part is missing', () => {
    // The schema is really read and applied: a manifest without its display name fails.
    const ajv = new Ajv({ strict: false, allErrors: true });
    const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')));
    const { display_information: _dropped, ...broken } = manifest as Record<string, unknown>;
    expect(validate(broken)).toBe(false);
  });

  it("declares every contract command with the parser's own usage", () => {
    const specs = commandSpecs('Asia/Shanghai');
    const byName = new Map(manifest.features.slash_commands.map((c) => [c.command, c.usage_hint]));
    expect([...byName.keys()].sort()).toEqual(
      [
        '/account',
        '/coupons',
        '/payorder',
        '/punishments',
        '/qr',
        '/querydesk',
        '/shoporders',
        '/spend',
      ].sort(),
    );
    expect(byName.get('/payorder')).toBe(specs.payorder.usage);
    expect(byName.get('/qr')).toBe(specs.qr.usage);
    expect(manifest.features.shortcuts.map((s) => s.callback_id)).toContain('qd_lookup_payorder');
  });

  it('asks for no scope the app does not use', () => {
    expect(manifest.oauth_config.scopes.bot.sort()).toEqual([
      'chat:write',
      'commands',
      'files:write',
      'users:read',
    ]);
  });
});
