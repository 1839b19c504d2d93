import { beforeAll } from 'vitest';
import { drill as auditJournalKill } from './audit-journal-kill.js';
import { drill as exportStartKill } from './export-start-kill.js';
import { drill as gatewayFaults } from './gateway-faults.js';
import { builtMain } from './harness/build.js';
import { drill as storeDownAnswer } from './store-down-answer.js';

// The fault drills in two files, each running its drills one after another in its worker, so at
// most two drills run at once (tests.md says why not more): this one holds the two-minute faulty
// gateway and the short ones; drills-b.test.ts the rest, about as long.

// The drills' build of src/ (tsc), once per run whichever file asks first: its own time is not
// counted in a drill's 90 s for starting its replicas.
beforeAll(() => builtMain(), 180_000);

gatewayFaults();
auditJournalKill();
exportStartKill();
storeDownAnswer();
