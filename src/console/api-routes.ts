import type { CustomRoute } from '@slack/bolt';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ORDER_MOVES, type Sandbox } from '../sandbox/index.js';
import { sendFunctionExecuted } from '../slack-double/function-executed.js';
import {
  sendAction,
  sendCommand,
  sendEvent,
  sendViewSubmission,
} from '../slack-double/interactions.js';
import { closeView } from '../slack-double/methods/views.js';
import type { ConsoleCommand } from './commands.js';
import { BadRequest, guarded, param, readJson, sendJson } from './http.js';
import { languageRoute } from './language-route.js';
import { type LocalSlack, whereTyped } from './local-slack.js';
import { imIdOf, imOwner } from './people.js';
import { peopleRoutes } from './people-routes.js';
import { applyCommandAck, slackbotSays } from './slack-messages.js';
import { CONSOLE_STEPS, pageExecutions } from './steps.js';

const Command = z.strictObject({
  command: z.string().regex(/^\/[a-z0-9_-]+$/i, 'command must look like /name'),
  text: z.string().max(4000).default(''),
  /** The conversation it was typed in: the channel (default) or the acting person's IM. */
  channel: z.string().optional(),
});
const Value = z.union([z.string(), z.array(z.string())]);
const Action = z.strictObject({
  actionId: z.string().min(1),
  blockId: z.string().optional(),
  channel: z.string().optional(),
  messageTs: z.string().optional(),
  viewId: z.string().optional(),
  value: Value.optional(),
});
const Submit = z.strictObject({
  viewId: z.string().min(1),
  values: z.record(z.string(), z.record(z.string(), Value)).default({}),
});
const Close = z.strictObject({ viewId: z.string().min(1) });
const Step = z.strictObject({
  callbackId: z.string().min(1),
  inputs: z.record(z.string(), z.string().max(3000)).default({}),
});

export interface ApiRouteDeps {
  local: LocalSlack;
  /** The bot's own `POST /slack/events` URL. */
  eventsUrl: string;
  commands: readonly ConsoleCommand[];
  sandbox: () => Sandbox | undefined;
  logger: Logger;
  /** After the acting person's Slack language changed, or another person started acting. */
  languageChanged?: () => void;
}

/** The page's JSON API: each call becomes a signed, Slack-shaped request to the bot. */
export function apiRoutes(deps: ApiRouteDeps): CustomRoute[] {
  const { local, eventsUrl } = deps;
  const ctx = { state: local.state, baseUrl: local.baseUrl };
  const onError = (err: unknown) => deps.logger.error({ err }, 'console request failed');
  // The double throws plain Errors for things the page pointed at that do not exist.
  const lookup = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof Error && /^no /.test(err.message)) throw new BadRequest(err.message);
      throw err;
    }
  };
  const post = (path: string, work: Parameters<typeof guarded>[0]): CustomRoute => ({
    path,
    method: ['POST'],
    handler: guarded(work, onError),
  });

  return [
    post('/console/command', async (req, res) => {
      const { command, text, channel } = await readJson(req, Command);
      const user = local.acting.id();
      const where = { channel: whereTyped(local, channel), user, command };
      if (!deps.commands.some((c) => c.command === command)) {
        slackbotSays(local.state, where.channel, where.user, `${command} is not a valid command.`);
        return sendJson(res, 200, { ok: false, status: 0 });
      }
      const ack = await sendCommand(ctx, eventsUrl, { text, ...where });
      applyCommandAck(local.state, where, ack);
      sendJson(res, 200, { ok: ack.status === 200, status: ack.status });
    }),
    post('/console/action', async (req, res) => {
      const input = await readJson(req, Action);
      // In an IM only its person can click; anywhere else, the person acting.
      const user = (input.channel && imOwner(input.channel)?.id) ?? local.acting.id();
      const ack = await lookup(() => sendAction(ctx, eventsUrl, { ...input, user }));
      sendJson(res, 200, { ok: ack.status === 200, status: ack.status });
    }),
    post('/console/submit', async (req, res) => {
      const input = await readJson(req, Submit);
      const ack = await lookup(() =>
        sendViewSubmission(ctx, eventsUrl, { ...input, user: local.acting.id() }),
      );
      sendJson(res, 200, { ok: ack.status === 200, status: ack.status, ack: ack.json ?? null });
    }),
    post('/console/close', async (req, res) => {
      const { viewId } = await readJson(req, Close);
      const view = local.state.views.get(viewId);
      const user = local.acting.id();
      if (!view?.open || view.user !== user) throw new BadRequest(`no open view ${viewId}`);
      // As in Slack: the close button leaves the views under it, unless clear_on_close says otherwise.
      const all = view.view.clear_on_close === true;
      const ids = all ? [...(local.state.stacks.get(user) ?? [])] : [viewId];
      for (const id of ids) closeView(local.state, id);
      sendJson(res, 200, { ok: true });
    }),
    post('/console/step', async (req, res) => {
      const { callbackId, inputs } = await readJson(req, Step);
      const step = CONSOLE_STEPS.find((s) => s.callbackId === callbackId);
      if (!step) throw new BadRequest(`no step ${callbackId}`);
      // As Workflow Builder does: only the step's declared inputs, empty fields left out.
      const given = Object.fromEntries(
        step.inputs
          .map((i) => [i.name, inputs[i.name]?.trim() ?? ''] as const)
          .filter(([, v]) => v !== ''),
      );
      const sent = await sendFunctionExecuted(local.state, eventsUrl, {
        callbackId,
        inputs: given,
      });
      sendJson(res, 200, {
        ok: sent.ack.status === 200,
        status: sent.ack.status,
        executionId: sent.executionId,
        executions: pageExecutions(local.state),
      });
    }),
    post('/console/home', async (_req, res) => {
      const ack = await sendEvent(ctx, eventsUrl, {
        type: 'app_home_opened',
        user: local.acting.id(),
        channel: imIdOf(local.acting.id()),
        tab: 'home',
      });
      sendJson(res, 200, { ok: ack.status === 200, status: ack.status });
    }),
    languageRoute({ ...deps, onError }),
    ...peopleRoutes({ ...deps, onError }),
    post('/console/qr/:session/:what', async (req, res) => {
      const session = param(req, 'session');
      const what = param(req, 'what');
      const sandbox = deps.sandbox();
      if (!sandbox)
        throw new BadRequest('the sandbox gateway is not running (GATEWAY_BASE_URL is set)');
      if (what !== 'scan' && what !== 'expire') throw new BadRequest('use scan or expire');
      const changed =
        what === 'scan' ? sandbox.simulateScan(session) : sandbox.simulateExpire(session);
      sendJson(res, 200, { ok: changed });
    }),
    post('/console/order/:order/:move', async (req, res) => {
      const order = param(req, 'order');
      const move = ORDER_MOVES.find((m) => m === param(req, 'move'));
      const sandbox = deps.sandbox();
      if (!sandbox)
        throw new BadRequest('the sandbox gateway is not running (GATEWAY_BASE_URL is set)');
      if (!move) throw new BadRequest(`use one of ${ORDER_MOVES.join(', ')}`);
      sendJson(res, 200, { ok: sandbox.moveOrder(order, move) });
    }),
  ];
}
