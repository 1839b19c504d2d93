import type { Db } from '../store/database.js';
import {
  getPersonLanguage,
  type PersonLanguage,
  savePersonChoice,
  savePersonSlackLocale,
} from '../store/person-language.js';
import { type Locale, type LocaleChoice, personLocale } from './locales.js';

export interface LocaleResolverDeps {
  db: Db;
  clock: () => Date;
  /** People remembered in memory; the oldest is dropped past it. */
  maxPeople?: number;
  /** After a failed lookup, how long the default answers before Slack is asked again. */
  retryAfterMs?: number;
  /**
   * How long a person remembered in memory answers without the store being read again (default
   * PERSON_LANGUAGE_FRESH_MS): a choice saved by another replica or thread is seen after it.
   */
  freshMs?: number;
}

/** A language chosen on another replica is seen within this (the store read again after it). */
export const PERSON_LANGUAGE_FRESH_MS = 10_000;

/** `users.info` with `include_locale` for one person; undefined when Slack gave none. Throws on failure. */
export type AskSlackLocale = () => Promise<string | undefined>;

export interface LocaleResolver {
  /** The language of what this person sees. Asks Slack at most once per person (then the store). */
  localeOf(workspaceId: string, userId: string, ask: AskSlackLocale): Promise<Locale>;
  /**
   * The person's language if it is already in memory, else undefined: no store, no Slack. For
   * answers that must be in an ack (a modal's inline errors), where no lookup may run.
   */
  knownLocale(workspaceId: string, userId: string): Locale | undefined;
  /** `/querydesk language zh-CN|en|auto`; returns the language the person now reads. */
  choose(
    workspaceId: string,
    userId: string,
    choice: LocaleChoice,
    ask: AskSlackLocale,
  ): Promise<Locale>;
  /**
   * A `user_change` event: the person's Slack locale as the event gives it, or undefined when the
   * event carries none (then it is asked again on the person's next command).
   */
  slackLocaleChanged(
    workspaceId: string,
    userId: string,
    slackLocale: string | undefined,
  ): Promise<void>;
}

/**
 * A person's language: their own choice, else their Slack locale. Call it after the ack, never
 * before: a first lookup is a Slack API round trip. Known people answer from memory.
 */
export function createLocaleResolver(deps: LocaleResolverDeps): LocaleResolver {
  const maxPeople = deps.maxPeople ?? 10_000;
  const retryAfterMs = deps.retryAfterMs ?? 5 * 60_000;
  const freshMs = deps.freshMs ?? PERSON_LANGUAGE_FRESH_MS;
  // Each person with when they were read or set here: older than freshMs, the store is read again.
  const known = new Map<string, PersonLanguage & { at: number }>();
  const failedUntil = new Map<string, number>();
  const inFlight = new Map<string, Promise<PersonLanguage>>();

  const remember = (key: string, value: PersonLanguage) => {
    known.delete(key);
    known.set(key, { ...value, at: deps.clock().getTime() });
    if (known.size > maxPeople) known.delete(known.keys().next().value as string);
  };

  async function load(
    workspaceId: string,
    userId: string,
    key: string,
    ask: AskSlackLocale,
    /** What memory held, past its freshness: still the answer while the store is away. */
    stale?: PersonLanguage,
  ): Promise<PersonLanguage> {
    // The store may be away (a restart, a failover): the person still gets an answer, in the
    // language Slack gives, and nothing is remembered until the store is back.
    const fromStore = await getPersonLanguage(deps.db, workspaceId, userId).then(
      (row) => ({ ok: true as const, row }),
      () => ({ ok: false as const, row: undefined }),
    );
    if (!fromStore.ok && stale) return stale;
    const stored = fromStore.row ?? {};
    if (stored.slackLocale !== undefined || stored.choice !== undefined) {
      // A chosen language needs no lookup; a seen locale is kept fresh by user_change.
      remember(key, stored);
      return stored;
    }
    if ((failedUntil.get(key) ?? 0) > deps.clock().getTime()) return stored;
    try {
      const slackLocale = await ask();
      const value = { ...stored, slackLocale: slackLocale ?? '' };
      if (!fromStore.ok) return value;
      const saved = await savePersonSlackLocale(
        deps.db,
        { workspaceId, userId },
        value.slackLocale,
        deps.clock(),
      ).then(
        () => true,
        () => false,
      );
      failedUntil.delete(key);
      if (saved) remember(key, value);
      return value;
    } catch {
      failedUntil.set(key, deps.clock().getTime() + retryAfterMs);
      return stored;
    }
  }

  return {
    async localeOf(workspaceId, userId, ask) {
      const key = `${workspaceId}\u0000${userId}`;
      const entry = known.get(key);
      const fresh = entry && deps.clock().getTime() - entry.at < freshMs;
      let person: PersonLanguage | undefined = fresh ? entry : undefined;
      if (!person) {
        let pending = inFlight.get(key);
        if (!pending) {
          pending = load(workspaceId, userId, key, ask, entry).finally(() => inFlight.delete(key));
          inFlight.set(key, pending);
        }
        person = await pending;
      }
      return personLocale(person.choice, person.slackLocale);
    },
    knownLocale(workspaceId, userId) {
      const person = known.get(`${workspaceId}\u0000${userId}`);
      return person && personLocale(person.choice, person.slackLocale);
    },
    async choose(workspaceId, userId, choice, ask) {
      await savePersonChoice(deps.db, { workspaceId, userId }, choice, deps.clock());
      const key = `${workspaceId}\u0000${userId}`;
      known.delete(key);
      return this.localeOf(workspaceId, userId, ask);
    },
    async slackLocaleChanged(workspaceId, userId, slackLocale) {
      const key = `${workspaceId}\u0000${userId}`;
      await savePersonSlackLocale(
        deps.db,
        { workspaceId, userId },
        slackLocale ?? null,
        deps.clock(),
      );
      const person = known.get(key);
      if (slackLocale === undefined) known.delete(key);
      else if (person) remember(key, { ...person, slackLocale });
    },
  };
}
