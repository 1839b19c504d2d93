// The message box: slash-command and @querydesk completion, usage hints, sending.
import { el } from './elements.js';

/** `/name rest` → { command, text }, or undefined for text that is not a command. */
/** The lookups a mention of the bot runs, named as in the command without its slash. */
const MENTION_LOOKUPS = ['payorder', 'shoporders', 'account', 'coupons', 'punishments'];

export function splitCommand(line) {
  const m = /^(\/\S+)\s*([\s\S]*)$/.exec(line.trim());
  return m ? { command: m[1].toLowerCase(), text: m[2] } : undefined;
}

/**
 * `send(parts)` runs a slash command; `say(text)` posts anything else as the person's message
 * (`@querydesk …` mentions the bot). `mention` is offered when a line starts with `@`.
 */
export function setupComposer({ form, input, list, usage, note, commands, mention, send, say }) {
  let matches = [];
  let active = 0;

  const hide = () => {
    list.hidden = true;
    list.replaceChildren();
    matches = [];
  };

  const pick = (command) => {
    input.value = `${command.command} `;
    hide();
    refresh();
    input.focus();
  };

  const showList = () => {
    list.replaceChildren();
    matches.forEach((c, i) => {
      const item = el('div', i === active ? 'suggestion active' : 'suggestion');
      item.setAttribute('role', 'option');
      item.dataset.command = c.command;
      item.append(
        el('span', 'suggestion-name', c.command),
        el('span', 'suggestion-hint muted', c.usageHint),
      );
      item.append(el('div', 'suggestion-desc muted', c.description));
      item.addEventListener('mousedown', (e) => {
        e.preventDefault();
        pick(c);
      });
      list.append(item);
    });
    list.hidden = matches.length === 0;
  };

  const refresh = () => {
    const value = input.value;
    note.hidden = true;
    const typing = /^[/@]\S*$/.exec(value);
    if (typing) {
      const offered = value.startsWith('@') ? [mention] : commands;
      matches = offered.filter((c) => c.command.startsWith(value.toLowerCase()));
      active = Math.min(active, Math.max(matches.length - 1, 0));
      showList();
    } else hide();
    const parts = splitCommand(value);
    const known =
      parts && /\s/.test(value) ? commands.find((c) => c.command === parts.command) : undefined;
    // `@querydesk payorder …` reads like the command without its slash: its usage helps too.
    const asked = /^@querydesk\s+\/?([a-z]+)\s/i.exec(value)?.[1]?.toLowerCase();
    const lookup = MENTION_LOOKUPS.includes(asked)
      ? commands.find((c) => c.command === `/${asked}`)
      : undefined;
    usage.hidden = !known && !lookup;
    usage.textContent = known
      ? `${known.command} ${known.usageHint}`
      : lookup
        ? `@querydesk ${asked} ${lookup.usageHint}`
        : '';
  };

  input.addEventListener('input', () => {
    active = 0;
    refresh();
  });
  input.addEventListener('keydown', (e) => {
    if (list.hidden || matches.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      active = (active + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length;
      showList();
    } else if (
      e.key === 'Tab' ||
      (e.key === 'Enter' && input.value.trim() !== matches[active].command)
    ) {
      e.preventDefault();
      pick(matches[active]);
    } else if (e.key === 'Escape') hide();
  });
  input.addEventListener('blur', () => setTimeout(hide, 100));

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const line = input.value;
    if (!line.trim()) return;
    const parts = splitCommand(line);
    input.value = '';
    refresh();
    if (parts) await send(parts);
    else await say(line);
  });
}
