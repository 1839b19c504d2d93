import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONSOLE_COMMANDS } from '../../src/console/commands.js';
import { ACTIONS } from '../../src/slack/actions/index.js';
import { ENGLISH } from '../../src/slack/blocks/format.js';
import { ACTION, VIEW } from '../../src/slack/blocks/ids.js';
import { checkView } from '../../src/slack/blocks/limits.js';
import { COMMAND_LIST } from '../../src/slack/commands/index.js';
import { helpEntries } from '../../src/slack/commands/querydesk.js';
import { viewHandlers } from '../../src/slack/views/index.js';

describe('the Slack registries', () => {
  it('hand every button id to exactly one handler', () => {
    const registered = Object.values(ACTIONS).flatMap((a) => a.actionIds);
    expect(new Set(registered).size).toBe(registered.length);
    for (const id of Object.values(ACTION)) {
      expect(registered.some((r) => r === id || r.startsWith(`${id}_`))).toBe(true);
    }
  });

  it('handle the submission of every modal the app opens, each callback id once', () => {
    const handled = viewHandlers('Asia/Shanghai').map((v) => v.callbackId);
    expect(new Set(handled).size).toBe(handled.length);
    const opened = [
      ...COMMAND_LIST.flatMap((c) => (c.kind === 'lookup' && c.modal ? [c.modal.callbackId] : [])),
      ...Object.values(VIEW),
    ];
    expect(opened).toEqual(
      expect.arrayContaining(['qd_payorder_modal', 'qd_qr_modal', 'qd_config_modal']),
    );
    expect(handled.sort()).toEqual(opened.sort());
  });

  it("name each modal input after one of its command's arguments, so the form feeds the same schema", () => {
    for (const command of COMMAND_LIST) {
      if (command.kind !== 'lookup' || !command.modal) continue;
      const view = command.modal.build('{"channelId":"C1"}', ENGLISH);
      expect(view.callback_id).toBe(command.modal.callbackId);
      expect(checkView(view)).toEqual([]);
      const inputs = view.blocks.flatMap((b) =>
        b.type === 'input' && b.block_id ? [b.block_id] : [],
      );
      expect(inputs.length).toBeGreaterThan(0);
      // Besides the arguments, only the inputs of what the form can do instead (its FormChoice).
      const more = command.formChoice?.more ?? [];
      for (const name of inputs) {
        expect([...command.positionals, ...command.options, ...more]).toContain(name);
      }
    }
  });

  it('give help and the console the usage written in the command object', () => {
    expect(helpEntries(COMMAND_LIST).map((e) => `${e.name} ${e.usage}`)).toEqual(
      COMMAND_LIST.map((c) => `${c.name} ${c.usage}`),
    );
    expect(CONSOLE_COMMANDS.map((c) => `${c.command} ${c.usageHint}`)).toEqual(
      COMMAND_LIST.map((c) => `${c.name} ${c.usage}`),
    );
  });

  it('let each shareable card kind belong to one command', () => {
    const kinds = COMMAND_LIST.flatMap((c) => (c.kind === 'lookup' && c.card ? [c.card.kind] : []));
    expect(kinds.sort()).toEqual(['account', 'coupons', 'payOrder', 'punishments', 'shopOrders']);
  });

  it('list every command that src/slack/commands/ declares', async () => {
    // A command file without its line in COMMANDS compiles (nothing imports it): this names it.
    const dir = new URL('../../src/slack/commands/', import.meta.url);
    const declared: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const exports: Record<string, unknown> = await import(new URL(file, dir).href);
      for (const value of Object.values(exports)) {
        if (isCommand(value)) declared.push(`src/slack/commands/${file}: ${value.name}`);
      }
    }
    const listed = new Set<string>(COMMAND_LIST.map((c) => c.name));
    expect(declared.length).toBeGreaterThanOrEqual(COMMAND_LIST.length);
    expect(declared.filter((d) => !listed.has(d.slice(d.indexOf(': ') + 2)))).toEqual([]);
  });
});

function isCommand(value: unknown): value is { name: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, name } = value as { kind?: unknown; name?: unknown };
  return (
    (kind === 'lookup' || kind === 'custom') && typeof name === 'string' && name.startsWith('/')
  );
}
