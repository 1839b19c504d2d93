import { type Translate, translator } from '../../i18n/translator.js';
import { liveQrSessionCount } from '../../queue-gauges.js';
import { AUDIT_USAGE } from '../audit/audit-args.js';
import { auditAnswer } from '../audit/querydesk-audit.js';
import { errorCard } from '../blocks/error-card.js';
import { ENGLISH } from '../blocks/format.js';
import { type HelpEntry, helpCard } from '../blocks/help-card.js';
import { escapeMrkdwn } from '../blocks/limits.js';
import { notice, type SlackMessage } from '../blocks/message.js';
import { statusCard } from '../blocks/status-card.js';
import { finish } from '../delivery/finish.js';
import type { AppDeps } from '../deps.js';
import { chooseLanguage, personLocale } from '../settings/language.js';
import { openConfig } from '../settings/querydesk-config.js';
import { customCommand, type SlashCommand } from './command.js';

const USAGE = `help | status | config | language zh-CN|en|auto | ${AUDIT_USAGE}`;

/** `/querydesk help`: read from the registry, so a command's usage is written only once. */
export function helpEntries(commands: readonly SlashCommand[]): HelpEntry[] {
  return commands.map((c) => ({ name: c.name, usage: c.usage, what: c.help }));
}

/** Loaded on first use: with a real gateway the sandbox is never loaded at all. */
async function sandboxExamples(commands: readonly SlashCommand[]): Promise<string[]> {
  const { SANDBOX_EXAMPLES } = await import('../../sandbox/examples.js');
  return commands.flatMap((c) => (c.example ? [`${c.name} ${c.example(SANDBOX_EXAMPLES)}`] : []));
}

export async function statusMessage(deps: AppDeps, t: Translate): Promise<SlackMessage> {
  const [reachable, storeReady, liveQrSessions] = await Promise.all([
    deps.gateway.reachable(),
    deps.store.ping(),
    liveQrSessionCount(deps.store.db).catch(() => undefined),
  ]);
  return statusCard(
    {
      gateway: {
        reachable,
        sandbox: deps.gateway.sandbox,
        host: new URL(deps.gateway.baseUrl).host,
      },
      storeReady,
      mode: deps.config.mode,
      queues: deps.gateway.depth(),
      limiter: deps.gateway.limiterState(),
      liveQrSessions,
    },
    t,
  );
}

/** `/querydesk help|status|config`; the settings form's submission is `views/config.ts`. */
export const querydesk = customCommand({
  name: '/querydesk',
  usage: USAGE,
  description: 'Help, gateway status and settings',
  help: 'help.what.querydesk',
  async handle({ command, ack, respond, client }, deps, commands) {
    const words = command.text.trim().split(/\s+/).filter(Boolean);
    const sub = (words[0] ?? '').toLowerCase();
    // Help and refusals are the asker's alone: in their language, read after the ack.
    const asker = () => personLocale(deps, client, command.team_id, command.user_id);
    if (sub === '' || sub === 'help') {
      await ack();
      let message: SlackMessage;
      let t = ENGLISH;
      try {
        t = translator(await asker());
        const examples = deps.gateway.sandbox ? await sandboxExamples(commands) : undefined;
        message = helpCard(helpEntries(commands), t, examples);
      } catch (err) {
        message = errorCard(err, ENGLISH);
      }
      await respond({ response_type: 'ephemeral', ...finish(deps, message, t) });
      return;
    }
    if (sub === 'status') {
      await ack();
      let message: SlackMessage;
      let t = ENGLISH;
      try {
        // The status is the asker's alone: in their language, read after the ack.
        t = translator(await asker());
        message = await statusMessage(deps, t);
      } catch (err) {
        message = errorCard(err, ENGLISH);
      }
      await respond({ response_type: 'ephemeral', ...finish(deps, message, t) });
      return;
    }
    if (sub === 'audit') {
      await ack();
      let message: SlackMessage;
      try {
        message = await auditAnswer(client, deps, {
          teamId: command.team_id,
          userId: command.user_id,
          words: words.slice(1),
        });
      } catch (err) {
        message = errorCard(err, ENGLISH);
      }
      const t = await asker().then(translator, () => ENGLISH);
      await respond({ response_type: 'ephemeral', ...finish(deps, message, t) });
      return;
    }
    if (sub === 'language') {
      await ack();
      let message: SlackMessage;
      try {
        message = await chooseLanguage(deps, client, {
          teamId: command.team_id,
          userId: command.user_id,
          word: words[1] ?? '',
        });
      } catch (err) {
        message = errorCard(err, ENGLISH);
      }
      const t = await asker().then(translator, () => ENGLISH);
      await respond({ response_type: 'ephemeral', ...finish(deps, message, t) });
      return;
    }
    if (sub === 'config') {
      await ack();
      const refusal = await openConfig(client, deps, {
        triggerId: command.trigger_id,
        teamId: command.team_id,
        userId: command.user_id,
      });
      if (refusal) {
        const t = await asker().then(translator, () => ENGLISH);
        await respond({ response_type: 'ephemeral', ...finish(deps, refusal, t) });
      }
      return;
    }
    await ack();
    const t = translator(await asker());
    const unknown = t('help.unknownSub', { typed: escapeMrkdwn(sub.slice(0, 40)) });
    await respond({
      response_type: 'ephemeral',
      ...finish(deps, notice(`${unknown} ${t('help.usage', { usage: USAGE })}`), t),
    });
  },
});
