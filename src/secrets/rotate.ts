import { qrDb } from '../qr/session-row.js';
import type { Db } from '../store/database.js';
import type { SecretBox } from './cipher.js';

/** Re-seals one value under the current key; unchanged when it already is. */
function reseal(box: SecretBox, sealed: string | null): string | null {
  if (sealed === null || box.keyIdOf(sealed) === box.keyId) return sealed;
  return box.seal(box.open(sealed));
}

/**
 * Rewrites every stored secret sealed under the previous key (installations' Slack tokens and
 * records, workspaces' gateway tokens, the tokens of workflow steps waiting on a QR session). Safe to run again: rows already under the key are skipped.
 */
export async function rotateKeys(db: Db, box: SecretBox): Promise<{ rewritten: number }> {
  let rewritten = 0;
  const installs = await db
    .selectFrom('installations')
    .select(['id', 'bot_token_enc', 'gateway_token_enc', 'installation_enc'])
    .execute();
  for (const row of installs) {
    const next = {
      bot_token_enc: reseal(box, row.bot_token_enc) ?? row.bot_token_enc,
      gateway_token_enc: reseal(box, row.gateway_token_enc),
      installation_enc: reseal(box, row.installation_enc),
    };
    if (
      next.bot_token_enc === row.bot_token_enc &&
      next.gateway_token_enc === row.gateway_token_enc &&
      next.installation_enc === row.installation_enc
    ) {
      continue;
    }
    await db.updateTable('installations').set(next).where('id', '=', row.id).execute();
    rewritten++;
  }
  const settings = await db
    .selectFrom('workspace_settings')
    .select(['workspace_id', 'gateway_token_enc'])
    .where('gateway_token_enc', 'is not', null)
    .execute();
  for (const row of settings) {
    const next = reseal(box, row.gateway_token_enc);
    if (next === row.gateway_token_enc) continue;
    await db
      .updateTable('workspace_settings')
      .set({ gateway_token_enc: next })
      .where('workspace_id', '=', row.workspace_id)
      .execute();
    rewritten++;
  }
  const waiting = await qrDb(db)
    .selectFrom('qr_sessions')
    .select(['workspace_id', 'session_id', 'step_token'])
    .where('step_token', 'like', 'v1.%')
    .execute();
  for (const row of waiting) {
    const next = reseal(box, row.step_token);
    if (next === row.step_token) continue;
    await qrDb(db)
      .updateTable('qr_sessions')
      .set({ step_token: next })
      .where('workspace_id', '=', row.workspace_id)
      .where('session_id', '=', row.session_id)
      .execute();
    rewritten++;
  }
  return { rewritten };
}
