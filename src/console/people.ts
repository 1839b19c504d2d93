import { imIdOf } from '../slack-double/methods/people.js';
import type { DoubleState } from '../slack-double/state.js';
import type { DoubleUser } from '../slack-double/types.js';

/** A person at the console: the local Slack knows them, and the page can act as them. */
export interface ConsolePerson {
  id: string;
  name: string;
  realName: string;
  isAdmin: boolean;
  isOwner: boolean;
}

/**
 * Two people, so one browser can ask as one and approve as the other: "you", a workspace admin
 * (admin-only commands work locally), and the workspace's owner. Both are "admins and owners",
 * which is whom approvals ask when no approvers are set.
 */
export const CONSOLE_PEOPLE: readonly ConsolePerson[] = [
  { id: 'U0000000001', name: 'you', realName: 'You', isAdmin: true, isOwner: false },
  { id: 'U0000000002', name: 'mei', realName: 'Mei Lin', isAdmin: true, isOwner: true },
];

/** Who is acting at the console now; the page switches it, every request goes out as them. */
export interface Acting {
  id(): string;
  set(id: string): void;
}

export function createActing(first = CONSOLE_PEOPLE[0]?.id ?? ''): Acting {
  let current = first;
  return {
    id: () => current,
    set(id) {
      if (!isConsolePerson(id)) throw new Error(`no console person ${id}`);
      current = id;
    },
  };
}

export function isConsolePerson(id: string): boolean {
  return CONSOLE_PEOPLE.some((p) => p.id === id);
}

/** The console person whose IM with the bot `channel` is, if it is one. */
export function imOwner(channel: string): ConsolePerson | undefined {
  return CONSOLE_PEOPLE.find((p) => imIdOf(p.id) === channel);
}

export { imIdOf };

/** Puts the console's people into the local Slack (users.info / users.list know them). */
export function seedPeople(state: DoubleState): void {
  for (const p of CONSOLE_PEOPLE) {
    const u: DoubleUser = state.user(p.id);
    Object.assign(u, {
      name: p.name,
      realName: p.realName,
      isAdmin: p.isAdmin,
      isOwner: p.isOwner,
    });
  }
}
