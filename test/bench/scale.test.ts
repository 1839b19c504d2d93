import { describe, expect, it } from 'vitest';
import { scaleBench } from '../../bench/scale.js';

/**
 * The scale benchmark in a shortened form: it still runs end to end (bot processes through
 * scripts/start.sh in many-workspace mode on PostgreSQL, the sandbox, the Slack double, the plain
 * Bolt reference sent the same stream, one workspace's flood) and still produces every figure.
 * Its timings are not held to anything here.
 */
const FIGURES = {
  'background checks on time': [
    'liveQrCodes',
    'liveWatches',
    'liveSubscriptions',
    'qrChecks',
    'qrLatenessP99S',
    'watchLatenessP99S',
    'subscriptionLatenessP99S',
    'qrWithin2sPct',
    'tokenWindowsFilled',
  ],
  'commands and Home openings': [
    'sent',
    'acked',
    'ackP99Ms',
    'plainBoltAckP50Ms',
    'plainBoltAckP99Ms',
    'ackP99RatioToPlainBolt',
  ],
  'one workspace floods its token': [
    'otherWorkspacesAnswerP99MsBeforeFlood',
    'otherWorkspacesAnswerP99MsDuringFlood',
    'otherWorkspacesAnswerP99RatioDuringToBefore',
    'otherWorkspacesAnswerP99MsAfterFloodAcked',
    'otherWorkspacesQueuedDuringFlood',
    'otherWorkspacesUnanswered',
    'floodSent',
    'floodAnswered',
    'floodQueued',
    'floodLastAnswerS',
  ],
  'gateway requests per token': ['gatewayRequests', 'mostPerTokenPerOpInAnySecond', 'answers202'],
  'memory and CPU': ['rssMaxMiB', 'cpuMsPerBackgroundCheck'],
  'work spread and checks made twice': ['claimsPerReplica', 'largestShare', 'checksMadeTwice'],
};

/** Figures of the same-moment plain Bolt reference and the flood: numbers, never null. */
const NUMBERS = [
  'plainBoltAckP50Ms',
  'plainBoltAckP99Ms',
  'ackP99RatioToPlainBolt',
  'otherWorkspacesAnswerP99MsBeforeFlood',
  'otherWorkspacesAnswerP99MsDuringFlood',
  'otherWorkspacesAnswerP99RatioDuringToBefore',
  'otherWorkspacesAnswerP99MsAfterFloodAcked',
  'otherWorkspacesQueuedDuringFlood',
  'floodAnswered',
  'floodLastAnswerS',
];
const FLOOD = 50;

describe('the scale benchmark, shortened', () => {
  it.each([1, 3])(
    'runs with %i replica(s) and produces each figure',
    async (replicas) => {
      const results = await scaleBench({
        workspaces: 3,
        durationMs: 20_000,
        replicas,
        qrCodes: 2,
        watches: 2,
        subscriptions: 2,
        commandsPerS: 5,
        floodCommands: FLOOD,
      });
      console.log(JSON.stringify(results.map((r) => [r.name, r.figures, r.met])));
      for (const [name, keys] of Object.entries(FIGURES)) {
        const r = results.find((x) => x.name.includes(name));
        expect(r, name).toBeDefined();
        for (const key of keys) expect(r!.figures, `${name}: ${key}`).toHaveProperty(key);
        expect(typeof r!.met).toBe('boolean');
      }
      const figures = Object.assign({}, ...results.map((r) => r.figures));
      expect(figures).toMatchObject({ liveQrCodes: 6, liveWatches: 6, liveSubscriptions: 6 });
      expect(figures.qrChecks).toBeGreaterThan(0);
      expect(figures.acked).toBe(figures.sent);
      expect(figures.gatewayRequests).toBeGreaterThan(0);
      expect(figures.rssMaxMiB).toBeGreaterThan(0);
      expect(String(figures.claimsPerReplica).split(' / ')).toHaveLength(replicas);
      expect(figures.checksMadeTwice).toBe(0);
      for (const key of NUMBERS) expect(typeof figures[key], key).toBe('number');
      expect(figures.otherWorkspacesAskedBeforeFlood).toBeGreaterThan(0);
      expect(figures.otherWorkspacesAskedDuringFlood).toBeGreaterThan(0);
      // The burst is one token's backlog: all answered, the last after its 10/s drained it.
      expect(figures).toMatchObject({ floodSent: FLOOD, floodAnswered: FLOOD });
      expect(figures.floodLastAnswerS).toBeGreaterThanOrEqual(FLOOD / 10 - 1);
      // With one replica its later commands are told they wait (each replica estimates from its own
      // share): the notices are told apart from the answers.
      if (replicas === 1) expect(figures.floodQueued).toBeGreaterThan(0);
    },
    240_000,
  );
});
