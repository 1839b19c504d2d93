import { beforeAll } from 'vitest';
import { builtMain } from './harness/build.js';
import { drill as postgresRestart } from './postgres-restart.js';
import { drill as redisRestart } from './redis-restart.js';
import { drill as replicaKill } from './replica-kill.js';
import { drill as slackOutage } from './slack-outage.js';
import { drill as subscriptionKill } from './subscription-kill.js';

// The other half of the fault drills (see drills-a.test.ts), one after another in this worker.
// PostgreSQL and Redis are restarted on instances of their own, so nothing here reaches the
// services the rest of the suite uses.

beforeAll(() => builtMain(), 180_000);

replicaKill();
postgresRestart();
redisRestart();
subscriptionKill();
slackOutage();
