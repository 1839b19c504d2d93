import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Translate } from '../i18n/translator.js';
import type { Metrics } from '../metrics.js';
import type { Sandbox } from '../sandbox/index.js';
import { type Querydesk, startQuerydesk } from '../service.js';
import { apiRoutes } from './api-routes.js';
import { loadPageAssets } from './assets.js';
import { CONSOLE_COMMANDS } from './commands.js';
import { defaultGateway } from './default-gateway.js';
import { freePort } from './free-port.js';
import { localOnly } from './local-only.js';
import { createLocalSlack } from './local-slack.js';
import { pageJson } from './page-json.js';
import { pageRoutes } from './page-routes.js';
import { createSseHub } from './sse-hub.js';

/** In the console a sandbox QR code scans itself this long after creation (with polling, ~15 s). */
export const CONSOLE_QR_SCAN_AFTER_MS = 12_000;
/** In the console each sandbox shop sells an order this often, so a channel subscription sees orders arrive. */
export const CONSOLE_SHOP_ORDER_EVERY_MS = 40_000;

export interface ConsoleOptions {
  clock?: () => Date;
  metrics?: Metrics;
  /** Default CONSOLE_QR_SCAN_AFTER_MS. */
  qrScanAfterMs?: number;
}

export interface RunningConsole {
  /** The page, e.g. `http://localhost:3000/`. */
  url: string;
  port: number;
  querydesk: Querydesk;
  stop(): Promise<void>;
}

/** "Local console — sandbox gateway", or the real gateway's host. */
export function consoleBanner(config: Pick<Config, 'gateway'>, t: Translate): string {
  const base = config.gateway.baseUrl;
  return base
    ? t('console.banner.gateway', { host: new URL(base).host })
    : t('console.banner.sandbox');
}

/**
 * Console mode: the real bot, a Slack double and the page on one port. The bot reaches the double
 * through its SLACK_API_URL like any Slack, and the page's clicks reach the bot as signed requests.
 */
export async function startConsole(
  config: Config,
  logger: Logger,
  options: ConsoleOptions = {},
): Promise<RunningConsole> {
  // The bot's API URL names the port, so PORT=0 is resolved before anything binds.
  const port = config.port || (await freePort());
  const local = createLocalSlack(`http://127.0.0.1:${port}`, options.clock);
  const hub = createSseHub();
  let sandbox: Sandbox | undefined;
  const page = pageJson({
    state: local.state,
    banner: (t) => consoleBanner(config, t),
    commands: CONSOLE_COMMANDS,
    sessions: () => sandbox?.sessions() ?? [],
    orders: () => sandbox?.liveOrders() ?? [],
    acting: () => local.acting.id(),
  });
  const forward = (change: Parameters<typeof page.change>[0]) => {
    const pushed = page.change(change);
    if (pushed) hub.broadcast(pushed.event, pushed.data);
  };
  local.state.events.on('change', forward);

  const routes = localOnly(
    [
      local.route,
      ...apiRoutes({
        local,
        eventsUrl: `http://127.0.0.1:${port}/slack/events`,
        commands: CONSOLE_COMMANDS,
        sandbox: () => sandbox,
        logger,
        // The page's own words follow the new language (or the new person acting) at once.
        languageChanged: () => hub.broadcast('snapshot', page.snapshot()),
      }),
      ...pageRoutes({ assets: loadPageAssets(), local, page, hub }),
    ],
    [port, ...(config.console.publishedPort ? [config.console.publishedPort] : [])],
    // Listening on every interface (a container): the host publishing the port connects from the
    // container's default gateway. On loopback only, nothing else can connect anyway.
    config.console.listen === 'all' ? defaultGateway() : [],
  );
  const stopLocal = () => {
    local.state.events.off('change', forward);
    hub.close();
  };
  let querydesk: Querydesk;
  try {
    querydesk = await startQuerydesk(
      { ...config, port, slackApiUrl: local.apiUrl },
      {
        logger,
        clock: options.clock,
        metrics: options.metrics,
        local: {
          botToken: local.botToken,
          signingSecret: local.signingSecret,
          botId: local.state.id.botId,
          botUserId: local.state.id.botUserId,
        },
        sandbox: {
          qrScanAfterMs: options.qrScanAfterMs ?? CONSOLE_QR_SCAN_AFTER_MS,
          shopOrderEveryMs: CONSOLE_SHOP_ORDER_EVERY_MS,
        },
        extraRoutes: routes,
      },
    );
  } catch (err) {
    stopLocal();
    throw err;
  }
  sandbox = querydesk.sandbox;
  const url = `http://localhost:${config.console.publishedPort ?? port}/`;
  logger.info({ url }, 'local console ready');
  return {
    url,
    port,
    querydesk,
    async stop() {
      stopLocal();
      await querydesk.stop();
    },
  };
}
