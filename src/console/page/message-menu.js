// A message's ⋯ menu, as in Slack: the app's message shortcuts, and "Reply in thread".
import { el } from './elements.js';
import { w } from './words.js';

let openMenu;
document.addEventListener('click', (event) => {
  if (openMenu && !openMenu.contains(event.target)) closeMenu();
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && openMenu) closeMenu();
});

function closeMenu() {
  openMenu?.querySelector('.message-menu')?.remove();
  openMenu = undefined;
}

/**
 * The ⋯ button of a message. `shortcuts` are the app's message shortcuts ({callbackId, name});
 * `choose(callbackId)` sends one, `reply()` starts a thread reply (left out inside a thread).
 */
export function messageMenu({ shortcuts, choose, reply }) {
  const box = el('div', 'message-actions');
  const more = el('button', 'message-more', '⋯');
  more.type = 'button';
  more.setAttribute('aria-label', w('console.message.more'));
  more.title = w('console.message.more');
  more.addEventListener('click', (event) => {
    event.stopPropagation();
    const wasOpen = openMenu === box;
    closeMenu();
    if (wasOpen) return;
    const menu = el('div', 'message-menu');
    menu.setAttribute('role', 'menu');
    const item = (label, run, className) => {
      const b = el('button', `message-menu-item ${className}`, label);
      b.type = 'button';
      b.setAttribute('role', 'menuitem');
      b.addEventListener('click', () => {
        closeMenu();
        run();
      });
      menu.append(b);
      return b;
    };
    if (reply) item(w('console.message.replyInThread'), reply, 'reply-in-thread');
    if (shortcuts.length) menu.append(el('div', 'message-menu-title muted', 'querydesk'));
    for (const s of shortcuts) {
      item(s.name, () => choose(s.callbackId), 'shortcut').dataset.callbackId = s.callbackId;
    }
    box.append(menu);
    openMenu = box;
  });
  box.append(more);
  return box;
}
