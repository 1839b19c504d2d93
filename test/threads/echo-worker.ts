import { parentPort, workerData } from 'node:worker_threads';
// A `.js` specifier for a `.ts` file, as src/ writes them: only tsx resolves it.
import { newWorker } from '../../src/threads/new-worker.js';

/** What new-worker.test.ts starts from the sources: it answers with what it was given. */
const given: { greeting: string } = workerData;
parentPort!.postMessage({ echo: given.greeting, loaded: typeof newWorker });
