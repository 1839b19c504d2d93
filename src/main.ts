import { ConfigError, readConfig } from './config.js';
import { createLogger, secretsOf } from './logger.js';
import { startQuerydesk } from './service.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`querydesk: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel, undefined, secretsOf(config));
  // Signals are handled from the start: one that arrives while starting stops it once started.
  let stopping = false;
  let started: Promise<{ stop(): Promise<void> }> | undefined;
  const shutdown = (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.warn('in-flight work did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    (started ?? Promise.reject(new Error('not started')))
      .then((running) => running.stop())
      .then(
        () => process.exit(exitCode),
        (err) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  if (config.mode === 'console' && config.console.standby) {
    started = import('./console/standby.js').then(({ startStandby }) =>
      startStandby(config, logger),
    );
  } else if (config.mode === 'console') {
    // The console, its page and the Slack double are loaded only in this mode.
    started = import('./console/start-console.js').then(async ({ startConsole }) => {
      const local = await startConsole(config, logger);
      // The one line a newcomer needs: where to click.
      console.log(
        `querydesk local console: ${local.url} (no Slack workspace needed; set SLACK_BOT_TOKEN to use Slack)`,
      );
      return local;
    });
  } else {
    started = startQuerydesk(config, {
      logger,
      tuneRuntime: true,
      // A bot whose background work has ended stops (exit 1) so that its orchestrator starts
      // another: no QR code, watch or subscription is left unchecked.
      backgroundThread: {
        lost: (why) => {
          logger.error({ why }, 'the background thread ended; querydesk stops');
          shutdown('background thread lost', 1);
        },
      },
      // Nor one whose public port has gone with its ack thread.
      ackThreadLost: (why) => {
        logger.error({ why }, 'the ack thread ended; querydesk stops');
        shutdown('ack thread lost', 1);
      },
    });
  }
  await started;
}

main().catch((err) => {
  // A setting found wrong only at start (JOURNAL_DIR not writable) reads like any bad setting.
  if (err instanceof ConfigError) console.error(`querydesk: ${err.message}`);
  else
    console.error(
      `querydesk: failed to start: ${err instanceof Error ? err.message : String(err)}`,
    );
  process.exit(1);
});
