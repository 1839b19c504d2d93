import type { EventDef } from './event.js';

/**
 * A person's profile changed: their Slack language may have moved. The event's user object
 * carries `locale` only sometimes; without it the stored locale is dropped and asked again on
 * their next command (one `users.info`), never guessed.
 */
export const userChange: EventDef<'user_change'> = {
  event: 'user_change',
  async handle({ event, body }, deps) {
    const user: { id: string; team_id?: string; locale?: unknown } = event.user;
    const teamId = user.team_id ?? body.team_id;
    if (!teamId) return;
    const locale = typeof user.locale === 'string' && user.locale ? user.locale : undefined;
    try {
      await deps.locales.slackLocaleChanged(teamId, user.id, locale);
    } catch (err) {
      deps.logger.warn({ err, team: teamId }, 'language change not stored');
    }
  },
};
