import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/translator.js';
import { checkMessage } from '../../../src/slack/blocks/limits.js';
import { statusCard } from '../../../src/slack/blocks/status-card.js';

const EN = translator('en');

const base = {
  gateway: { reachable: true, sandbox: false, host: 'gw.example' },
  storeReady: true,
  mode: 'http',
  queues: { payOrder: { queued: 7, running: 2, interactive: 5, background: 2 } },
};

describe('/querydesk status card', () => {
  it('says in words when Redis is away and what this replica keeps to meanwhile', () => {
    const card = statusCard(
      {
        ...base,
        limiter: { shared: true, degraded: true, replicas: 3, perReplicaLimit: 3 },
        liveQrSessions: 4,
      },
      EN,
    );
    const text = JSON.stringify(card.blocks);
    expect(text).toContain('Redis unreachable: this replica keeps to 3 requests/s per operation');
    expect(text).toContain('7 waiting (5 people, 2 background) · 2 running');
    expect(text).toContain('Live QR sessions*: 4');
    expect(checkMessage(card)).toEqual([]);
  });

  it('says the budget is shared while Redis answers', () => {
    const card = statusCard(
      { ...base, limiter: { shared: true, degraded: false, replicas: 3, perReplicaLimit: 3 } },
      EN,
    );
    expect(JSON.stringify(card.blocks)).toContain('shared by every replica through Redis');
  });
});
