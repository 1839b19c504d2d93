import type { Logger } from 'pino';

/** What has been started and must be stopped: in reverse order, once, however often asked. */
export interface Lifecycle {
  /** `value`, remembered so that `stop(value)` runs on shutdown. */
  own<T>(value: T, stop: (value: T) => Promise<void>): T;
  /** A shutdown step with no value of its own (draining work). */
  onStop(step: () => Promise<void>): void;
  /** Runs every step, last started first; a failed step is logged and the rest still run. */
  stop(): Promise<void>;
}

export function createLifecycle(logger: Logger): Lifecycle {
  const steps: (() => Promise<void>)[] = [];
  let stopping: Promise<void> | undefined;
  return {
    own(value, stop) {
      steps.push(() => stop(value));
      return value;
    },
    onStop(step) {
      steps.push(step);
    },
    stop() {
      stopping ??= (async () => {
        for (const step of [...steps].reverse()) {
          await step().catch((err) => logger.error({ err }, 'shutdown step failed'));
        }
      })();
      return stopping;
    },
  };
}
