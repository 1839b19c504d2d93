import { beforeAll, describe } from 'vitest';
import { drill as auditJournalKill } from './audit-journal-kill.js';
import { drill as exportStartKill } from './export-start-kill.js';
import { drill as gatewayFaults } from './gateway-faults.js';
import { builtMain } from './harness/build.js';
import { drill as postgresRestart } from './postgres-restart.js';
import { drill as redisRestart } from './redis-restart.js';
import { drill as replicaKill } from './replica-kill.js';
import { drill as slackOutage } from './slack-outage.js';
import { drill as storeDownAnswer } from './store-down-answer.js';
import { drill as subscriptionKill } from './subscription-kill.js';

// Every fault drill, in two chains that run side by side in this file's worker while the rest of
// the suite runs in the others; within a chain the drills take turns. No two drills share what
// they break: each has its own replicas, sandbox, Slack double and schema, and the ones that stop
// PostgreSQL or Redis stop a cluster or server of their own. One chain is the gateway drill's
// two minutes of commands, which mostly wait; the other holds the drills that kill or stop
// things. Three or more drills at once on two cores pushed their start-ups past their deadlines
// and bunched the Redis drill's gateway requests into refused seconds.

// The drills' build of src/ (tsc), once, before the first drill: its own time is not counted in
// that drill's 90 s for starting its replicas.
beforeAll(() => builtMain(), 180_000);

/** A chain runs beside the other (a concurrent suite); its drills one after another. */
function chain(name: string, drills: (() => void)[]): void {
  describe.concurrent(name, () => {
    describe.sequential('one drill at a time', () => {
      for (const drill of drills) drill();
    });
  });
}

chain('the gateway chain', [
  gatewayFaults,
  redisRestart,
  auditJournalKill,
  exportStartKill,
  storeDownAnswer,
]);
chain('the kill chain', [replicaKill, postgresRestart, subscriptionKill, slackOutage]);
