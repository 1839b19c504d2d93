import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMMAND_LIST, COMMANDS } from '../../src/slack/commands/index.js';
import { EVENTS } from '../../src/slack/events/index.js';
import { STEP_LIST } from '../../src/slack/functions/index.js';
import { SHORTCUTS } from '../../src/slack/shortcuts/index.js';

const root = join(import.meta.dirname, '..', '..');
// A copy kept in the repository (test/fixtures/slack/README.md), so the check runs offline everywhere.
const fixtures = join(root, 'test', 'fixtures', 'slack');
const schemaPath = join(fixtures, 'manifest.schema.1.0.0.json');
const manifest = parse(readFileSync(join(root, 'manifest.yml'), 'utf8')) as {
  features: {
    slash_commands: { command: string; usage_hint: string; description: string }[];
    shortcuts: { callback_id: string; name: string; type: string }[];
  };
  oauth_config: { scopes: { bot: string[] } };
  functions: Record<
    string,
    {
      title: string;
      description: string;
      input_parameters: Record<string, Record<string, unknown>>;
      output_parameters: Record<string, Record<string, unknown>>;
    }
  >;
  settings: {
    function_runtime?: string;
    org_deploy_enabled?: boolean;
    event_subscriptions: { bot_events: string[] };
  };
};

/** Slack's version-picking schema, its two versions' URLs mapped to the copies kept here. */
function versionPickingValidator() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  const read = (name: string) => JSON.parse(readFileSync(join(fixtures, name), 'utf8'));
  const base = 'https://raw.githubusercontent.com/slackapi/manifest-schema/v0.5.0/schemas/';
  for (const version of ['1.0.0', '2.0.0']) {
    const { $id: _id, ...schema } = read(`manifest.schema.${version}.json`);
    ajv.addSchema(schema, `${base}manifest.schema.${version}.json`);
  }
  return ajv.compile(read('manifest.schema.json'));
}

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
    // The message shortcut by the contract's callback id, in every message's menu.
    expect(manifest.features.shortcuts).toContainEqual(
      expect.objectContaining({
        name: 'Look up in querydesk',
        type: 'message',
        callback_id: 'lookup_message',
      }),
    );
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

  it("validates through Slack's version-picking schema (major version 1's function form)", () => {
    const validate = versionPickingValidator();
    expect(validate(manifest)).toBe(true);
    // Version 2's form (parameters under `properties`) is refused under major version 1.
    const fn = manifest.functions.points_spent!;
    const v2Form = {
      ...manifest,
      functions: {
        points_spent: {
          ...fn,
          input_parameters: { properties: fn.input_parameters, required: [] },
        },
      },
    };
    expect(validate(v2Form)).toBe(false);
  });

  it('declares exactly the workflow steps of the registry, each parameter typed as there', () => {
    expect(Object.keys(manifest.functions)).toEqual(STEP_LIST.map((s) => s.callbackId));
    for (const step of STEP_LIST) {
      const declared = manifest.functions[step.callbackId]!;
      expect(declared.title).toBe(step.title);
      expect(declared.description).toBe(step.description);
      const named = (params: Record<string, object>) =>
        Object.fromEntries(Object.entries(params).map(([name, p]) => [name, { name, ...p }]));
      expect(declared.input_parameters).toEqual(named(step.inputs));
      expect(declared.output_parameters).toEqual(named(step.outputs));
    }
    expect(manifest.functions.lookup_payment_order?.input_parameters.user_id?.type).toBe(
      'slack#/types/user_id',
    );
    expect(manifest.functions.start_qr_onboarding?.input_parameters.channel_id).toMatchObject({
      type: 'slack#/types/channel_id',
      is_required: true,
    });
    expect(manifest.settings.function_runtime).toBe('remote');
    expect(manifest.settings.org_deploy_enabled).toBe(true);
    expect(manifest.settings.event_subscriptions.bot_events).toContain('function_executed');
  });

  it('subscribes to exactly the events the app handles (steps arrive as function_executed)', () => {
    expect([...manifest.settings.event_subscriptions.bot_events].sort()).toEqual(
      [...Object.keys(EVENTS), 'function_executed'].sort(),
    );
  });

  it('asks for no scope the app does not use', () => {
    // channels:read and groups:read: the channel events that end channel subscriptions.
    expect(manifest.oauth_config.scopes.bot.sort()).toEqual([
      'channels:read',
      'chat:write',
      'commands',
      'files:write',
      'groups:read',
      'users:read',
    ]);
  });
});
