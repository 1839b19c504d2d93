import type { WebClient } from '@slack/web-api';
import type { ExportDeps } from '../../exports/index.js';
import type { AppDeps } from '../deps.js';
import { exportMessages } from './export-messages.js';
import { exportSource } from './export-sources.js';

/** The export runner's ports: gateway pages through the page cache and budget, Slack messages. */
export function exportDeps(
  deps: AppDeps,
  clientFor: (teamId: string) => WebClient | Promise<WebClient>,
): ExportDeps {
  return {
    config: deps.config,
    logger: deps.logger,
    store: deps.store,
    clock: deps.clock,
    source: exportSource(deps),
    messages: exportMessages(deps, clientFor),
  };
}
