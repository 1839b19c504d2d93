import { afterEach, describe, expect, it } from 'vitest';
import { createLocaleResolver } from '../../src/i18n/locale-resolver.js';
import type { Store } from '../../src/store/open-store.js';
import { getWorkspaceSettings, saveWorkspaceSettings } from '../../src/store/workspace-settings.js';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fakes/databases.js';

describe.each(DIALECTS)('person language on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  async function arrange(locales: Record<string, string | undefined>) {
    database = await freshDatabase(dialect);
    const store: Store = await database.open();
    const lookups: string[] = [];
    let now = Date.parse('2026-11-25T00:00:00Z');
    const ask = (user: string) => async () => {
      lookups.push(user);
      if (!(user in locales)) throw new Error('users.info failed');
      return locales[user];
    };
    const resolver = (db = store.db) => {
      const r = createLocaleResolver({ db, clock: () => new Date(now) });
      return {
        localeOf: (ws: string, user: string) => r.localeOf(ws, user, ask(user)),
        choose: (ws: string, user: string, choice: 'en' | 'zh-CN' | 'auto') =>
          r.choose(ws, user, choice, ask(user)),
        slackLocaleChanged: r.slackLocaleChanged,
        knownLocale: r.knownLocale,
      };
    };
    return { store, lookups, resolver, advance: (ms: number) => (now += ms) };
  }

  it('asks Slack once per person, then remembers across restarts', async () => {
    const { store, lookups, resolver } = await arrange({ UZH: 'zh-TW', UEN: 'en-US' });
    const first = resolver();
    expect(await Promise.all([first.localeOf('T1', 'UZH'), first.localeOf('T1', 'UZH')])).toEqual([
      'zh-CN',
      'zh-CN',
    ]);
    expect(await first.localeOf('T1', 'UEN')).toBe('en');
    expect(await first.localeOf('T1', 'UZH')).toBe('zh-CN');
    expect(lookups).toEqual(['UZH', 'UEN']);

    const afterRestart = resolver(store.db);
    expect(await afterRestart.localeOf('T1', 'UZH')).toBe('zh-CN');
    expect(lookups).toEqual(['UZH', 'UEN']);
  });

  it('knows a person from memory only: nothing is asked or read until they were looked up', async () => {
    const { lookups, resolver } = await arrange({ UZH: 'zh-CN' });
    const r = resolver();
    expect(r.knownLocale('T1', 'UZH')).toBeUndefined();
    expect(lookups).toEqual([]);
    await r.localeOf('T1', 'UZH');
    expect(r.knownLocale('T1', 'UZH')).toBe('zh-CN');
    expect(r.knownLocale('T2', 'UZH')).toBeUndefined();
    await r.choose('T1', 'UZH', 'en');
    expect(r.knownLocale('T1', 'UZH')).toBe('en');
    // A fresh process knows nobody yet, though the store does.
    expect(resolver().knownLocale('T1', 'UZH')).toBeUndefined();
  });

  it('lets /querydesk language override the Slack locale and auto follow it again', async () => {
    const { lookups, resolver } = await arrange({ U1: 'zh-CN' });
    const r = resolver();
    expect(await r.choose('T1', 'U1', 'en')).toBe('en');
    expect(lookups).toEqual([]);
    expect(await r.localeOf('T1', 'U1')).toBe('en');
    expect(await resolver().localeOf('T1', 'U1')).toBe('en');
    expect(await r.choose('T1', 'U1', 'auto')).toBe('zh-CN');
    expect(lookups).toEqual(['U1']);
  });

  it('sees a language chosen on another replica once what it remembers is 10 s old', async () => {
    const { lookups, resolver, advance } = await arrange({ U1: 'zh-CN' });
    const a = resolver();
    const b = resolver();
    expect(await b.localeOf('T1', 'U1')).toBe('zh-CN');
    expect(await a.choose('T1', 'U1', 'en')).toBe('en');
    // B answers from memory for a while, then reads the store again (Slack is not asked).
    advance(9_000);
    expect(await b.localeOf('T1', 'U1')).toBe('zh-CN');
    advance(1_000);
    expect(await b.localeOf('T1', 'U1')).toBe('en');
    expect(lookups).toEqual(['U1']);
  });

  it('keeps answering a person it knew while the store is away, without asking Slack', async () => {
    const { store, lookups, resolver, advance } = await arrange({ U1: 'zh-CN' });
    const r = resolver();
    expect(await r.localeOf('T1', 'U1')).toBe('zh-CN');
    await store.close();
    advance(60_000);
    expect(await r.localeOf('T1', 'U1')).toBe('zh-CN');
    expect(lookups).toEqual(['U1']);
  });

  it('keeps one workspace’s choice out of another’s', async () => {
    const { resolver } = await arrange({ U1: 'en-US' });
    const r = resolver();
    await r.choose('T1', 'U1', 'zh-CN');
    expect(await r.localeOf('T1', 'U1')).toBe('zh-CN');
    expect(await r.localeOf('T2', 'U1')).toBe('en');
  });

  it('follows a user_change without asking Slack again', async () => {
    const { lookups, resolver } = await arrange({ U1: 'en-US' });
    const r = resolver();
    expect(await r.localeOf('T1', 'U1')).toBe('en');
    await r.slackLocaleChanged('T1', 'U1', 'zh-CN');
    expect(await r.localeOf('T1', 'U1')).toBe('zh-CN');
    expect(await resolver().localeOf('T1', 'U1')).toBe('zh-CN');
    expect(lookups).toEqual(['U1']);
  });

  it('answers English while Slack cannot be asked, and asks again only after a while', async () => {
    const { lookups, resolver, advance } = await arrange({});
    const r = resolver();
    expect(await r.localeOf('T1', 'UX')).toBe('en');
    expect(await r.localeOf('T1', 'UX')).toBe('en');
    expect(lookups).toEqual(['UX']);
    advance(5 * 60_000 + 1);
    await r.localeOf('T1', 'UX');
    expect(lookups).toEqual(['UX', 'UX']);
  });

  it("keeps the workspace's channel language, English until an admin chooses", async () => {
    const { store } = await arrange({});
    await saveWorkspaceSettings(store.db, {
      workspaceId: 'T1',
      dailyBudgetPoints: 5,
      now: new Date(),
    });
    expect((await getWorkspaceSettings(store.db, 'T1'))?.language).toBe('en');
    await saveWorkspaceSettings(store.db, {
      workspaceId: 'T1',
      language: 'zh-CN',
      now: new Date(),
    });
    const settings = await getWorkspaceSettings(store.db, 'T1');
    expect(settings?.language).toBe('zh-CN');
    expect(settings?.dailyBudgetPoints).toBe(5);
  });
});
