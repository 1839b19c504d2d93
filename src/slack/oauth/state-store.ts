import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { InstallURLOptions, StateStore } from '@slack/bolt';
import type { Db } from '../../store/database.js';

const STATE_TTL_MS = 10 * 60_000;

interface StatePayload {
  /** A random nonce: what makes the state single-use once presented. */
  n: string;
  /** Expiry, epoch ms. */
  e: number;
  o: InstallURLOptions;
}

function sign(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

/** The payload of a state this secret signed and that has not expired; undefined otherwise. */
function readState(secret: string, state: string, now: Date): StatePayload | undefined {
  const [body, mac] = state.split('.');
  if (!body || !mac) return undefined;
  const given = Buffer.from(mac, 'base64url');
  const expected = sign(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
    if (typeof payload.n !== 'string' || typeof payload.e !== 'number') return undefined;
    return payload.e < now.getTime() ? undefined : payload;
  } catch {
    return undefined;
  }
}

/**
 * OAuth `state` values signed with SLACK_STATE_SECRET (HMAC-SHA256 from node:crypto): handing one
 * out at `GET /slack/install` stores nothing, so anonymous requests cost no rows. Bolt binds the
 * state to a cookie; each state works once: the first redirect that presents it records its nonce
 * (kept until the state's own expiry, in the database so every replica sees it), and any later
 * one finds the nonce taken. A state not signed by the secret, expired or reused is refused.
 * Bolt's ClearStateStore signs too, but is not single-use and draws its randomness from
 * Math.random; it is not among Bolt's exports either.
 */
export function databaseStateStore(db: Db, secret: string): StateStore {
  return {
    async generateStateParam(installOptions, now) {
      const payload: StatePayload = {
        n: randomBytes(18).toString('base64url'),
        e: now.getTime() + STATE_TTL_MS,
        o: installOptions,
      };
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${sign(secret, body).toString('base64url')}`;
    },
    async verifyStateParam(now, state) {
      const payload = readState(secret, state, now);
      if (!payload) throw new Error('unknown or expired OAuth state');
      // Written only for a state this secret signed: what is stored is bounded by states issued.
      await db.deleteFrom('oauth_states').where('expires_at', '<', now.getTime()).execute();
      const used = await db
        .insertInto('oauth_states')
        .values({
          state: createHash('sha256').update(payload.n).digest('base64url'),
          install_options: '{}',
          expires_at: payload.e,
        })
        .onConflict((oc) => oc.column('state').doNothing())
        .returning('state')
        .executeTakeFirst();
      if (!used) throw new Error('OAuth state already used');
      return payload.o;
    },
  };
}
