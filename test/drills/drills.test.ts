import { beforeAll } from 'vitest';
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

// Every fault drill, one after another in this file's worker, while the rest of the suite runs in
// the other workers. Each drill starts two or three bot processes (and some their own PostgreSQL
// or Redis); two or three drills at once on two cores pushed their start-ups past their deadlines
// and bunched the Redis drill's gateway requests into refused seconds, so they take turns.

// The drills' build of src/ (tsc), once, before the first drill: its own time is not counted in
// that drill's 90 s for starting its replicas.
beforeAll(() => builtMain(), 180_000);

gatewayFaults();
replicaKill();
postgresRestart();
auditJournalKill();
redisRestart();
subscriptionKill();
exportStartKill();
slackOutage();
storeDownAnswer();
