import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMMAND_LIST, COMMANDS } from '../../src/slack/commands/index.js';
import { SHORTCUTS } from '../../src/slack/shortcuts/index.js';

const root = join(import.meta.dirname, '..', '..');
// A copy kept in the repository (test/fixtures/slack/README.md), so the check runs offline everywhere.
const schemaPath = join(root, 'test', 'fixtures', 'slack', 'manifest.schema.1.0.0.json');
const manifest = parse(readFileSync(join(root, 'manifest.yml'), 'utf8')) as {
  features: {
    slash_commands: { command: string; usage_hint: string; description: string }[];
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
    const specs = { payorder: COMMANDS['/payorder'], qr: COMMANDS['/qr'] };
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

  it('lists exactly the registry: each command with its usage and description, in order', () => {
    const listed = manifest.features.slash_commands.map((c) => ({
      command: c.command,
      usage_hint: c.usage_hint,
      description: c.description,
    }));
    expect(listed).toEqual(
      COMMAND_LIST.map((c) => ({
        command: c.name,
        usage_hint: c.usage,
        description: c.description,
      })),
    );
    expect(manifest.features.shortcuts.map((s) => s.callback_id).sort()).toEqual(
      Object.values(SHORTCUTS)
        .map((s) => s.callbackId)
        .sort(),
    );
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
