import { qrDb, stepTokenAt, workspaceStepTokenAt } from '../qr/session-row.js';
import type { Db } from '../store/database.js';
import { executionTokenAt, type StepExecutionsTable } from '../store/step-executions.js';
import type { SealedAt, SecretBox } from './cipher.js';

/**
 * Re-seals one value under the current key, bound to `at`; unchanged when it already is. `older`:
 * places the column was bound to before (a value sealed for one of them is moved to `at`).
 */
function reseal(
  box: SecretBox,
  sealed: string | null,
  at: SealedAt,
  older: readonly SealedAt[] = [],
): string | null {
  if (sealed === null) return sealed;
  if (!box.isStale(sealed) && (older.length === 0 || opensAt(box, sealed, at))) return sealed;
  return box.seal(box.openStale(sealed, at, older), at);
}

function opensAt(box: SecretBox, sealed: string, at: SealedAt): boolean {
  try {
    box.open(sealed, at);
    return true;
  } catch {
    return false;
  }
}

const INSTALLATION_COLUMNS = ['bot_token_enc', 'gateway_token_enc', 'installation_enc'] as const;

/**
 * Rewrites every stored secret sealed under the previous key or without its place (`v1`, which
 * `open` refuses), and step tokens bound to their workspace only (installations' Slack tokens and
 * records, workspaces' gateway tokens, the tokens of workflow steps waiting on a QR session, now
 * bound to that session, or still running). Safe to run again and on several replicas at once:
 * rows already current are skipped, and each UPDATE names the values it read in its WHERE, so a
 * token an admin saved (or Slack reinstalled) meanwhile is never overwritten with the older one;
 * that row is left as the writer left it, sealed current.
 */
export async function rotateKeys(db: Db, box: SecretBox): Promise<{ rewritten: number }> {
  let rewritten = 0;
  const installs = await db
    .selectFrom('installations')
    .select(['id', ...INSTALLATION_COLUMNS])
    .execute();
  for (const row of installs) {
    const at = (column: string): SealedAt => ({ table: 'installations', column, rowId: row.id });
    const next = {
      bot_token_enc: reseal(box, row.bot_token_enc, at('bot_token_enc')) ?? row.bot_token_enc,
      gateway_token_enc: reseal(box, row.gateway_token_enc, at('gateway_token_enc')),
      installation_enc: reseal(box, row.installation_enc, at('installation_enc')),
    };
    if (INSTALLATION_COLUMNS.every((c) => next[c] === row[c])) continue;
    const result = await db
      .updateTable('installations')
      .set(next)
      .where('id', '=', row.id)
      .where('bot_token_enc', '=', row.bot_token_enc)
      .where((eb) =>
        eb.and(
          (['gateway_token_enc', 'installation_enc'] as const).map((c) => {
            const was = row[c];
            return was === null ? eb(c, 'is', null) : eb(c, '=', was);
          }),
        ),
      )
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) rewritten++;
  }
  const settings = await db
    .selectFrom('workspace_settings')
    .select(['workspace_id', 'gateway_token_enc'])
    .where('gateway_token_enc', 'is not', null)
    .execute();
  for (const row of settings) {
    const at = {
      table: 'workspace_settings',
      column: 'gateway_token_enc',
      rowId: row.workspace_id,
    };
    const next = reseal(box, row.gateway_token_enc, at);
    if (next === row.gateway_token_enc || row.gateway_token_enc === null) continue;
    const result = await db
      .updateTable('workspace_settings')
      .set({ gateway_token_enc: next })
      .where('workspace_id', '=', row.workspace_id)
      .where('gateway_token_enc', '=', row.gateway_token_enc)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) rewritten++;
  }
  const waiting = await qrDb(db)
    .selectFrom('qr_sessions')
    .select(['workspace_id', 'session_id', 'step_token'])
    .where((eb) => eb.or([eb('step_token', 'like', 'v1.%'), eb('step_token', 'like', 'v2.%')]))
    .execute();
  for (const row of waiting) {
    let next: string | null;
    try {
      next = reseal(box, row.step_token, stepTokenAt(row.workspace_id, row.session_id), [
        workspaceStepTokenAt(row.workspace_id),
      ]);
    } catch {
      // Opens in no place it may be in (copied from another session): left as it is, it opens
      // nowhere, and its step is reported as not completed rather than stopping start-up.
      continue;
    }
    if (next === row.step_token || row.step_token === null) continue;
    const result = await qrDb(db)
      .updateTable('qr_sessions')
      .set({ step_token: next })
      .where('workspace_id', '=', row.workspace_id)
      .where('session_id', '=', row.session_id)
      .where('step_token', '=', row.step_token)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) rewritten++;
  }
  return { rewritten: rewritten + (await rotateStepClaims(db, box)) };
}

/** The tokens steps in flight keep with their claim (step_executions, 0018). */
async function rotateStepClaims(db: Db, box: SecretBox): Promise<number> {
  const steps = db.withTables<{ step_executions: StepExecutionsTable }>();
  const claimed = await steps
    .selectFrom('step_executions')
    .select(['execution_id', 'token'])
    .where((eb) => eb.or([eb('token', 'like', 'v1.%'), eb('token', 'like', 'v2.%')]))
    .execute();
  let rewritten = 0;
  for (const row of claimed) {
    const next = reseal(box, row.token, executionTokenAt(row.execution_id));
    if (next === row.token || row.token === null) continue;
    const result = await steps
      .updateTable('step_executions')
      .set({ token: next })
      .where('execution_id', '=', row.execution_id)
      .where('token', '=', row.token)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) rewritten++;
  }
  return rewritten;
}
