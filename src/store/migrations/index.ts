import type { Migration, MigrationProvider } from 'kysely';
import type { StoreDialect } from '../database.js';
import { initialMigration } from './0001-initial.js';
import { qrWatchMigration } from './0002-qr-watch.js';
import { sharedCacheMigration } from './0003-shared-cache.js';
import { ledgerAggregatesMigration } from './0004-ledger-aggregates.js';
import { qrWorkersMigration } from './0005-qr-workers.js';
import { hardeningMigration } from './0006-hardening.js';
import { workspacesMigration } from './0007-workspaces.js';
import { orderWatchesExportsMigration } from './0008-order-watches-exports.js';
import { workflowStepsMigration } from './0009-workflow-steps.js';
import { subscriptionsMigration } from './0010-subscriptions.js';
import { chargeUnknownMigration } from './0011-charge-unknown.js';
import { secretsEdgesMigration } from './0012-secrets-edges.js';
import { languageMigration } from './0013-language.js';
import { leaseOwnerIndexesMigration } from './0014-lease-owner-indexes.js';
import { messageLocaleMigration } from './0015-message-locale.js';
import { exportCsvHeaderMigration } from './0016-export-csv-header.js';
import { subscriptionPollPagesMigration } from './0017-subscription-poll-pages.js';
import { stepClaimsMigration } from './0018-step-claims.js';
import { approvalRequestsMigration } from './0019-approval-requests.js';
import { approvalStartsMigration } from './0020-approval-starts.js';
import { unconfirmedByTimeMigration } from './0021-unconfirmed-by-time.js';
import { settingsChangesMigration } from './0022-settings-changes.js';

/**
 * Migrations live in code, not in files read at run time, so they work from `dist/` too. Kysely
 * runs them in name order; add new ones with the next number and never edit a shipped one.
 */
export function migrationProvider(dialect: StoreDialect): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '0001-initial': initialMigration(dialect),
    '0002-qr-watch': qrWatchMigration(),
    '0003-shared-cache': sharedCacheMigration(),
    '0004-ledger-aggregates': ledgerAggregatesMigration(dialect),
    '0005-qr-workers': qrWorkersMigration(),
    '0006-hardening': hardeningMigration(),
    '0007-workspaces': workspacesMigration(dialect),
    '0008-order-watches-exports': orderWatchesExportsMigration(),
    '0009-workflow-steps': workflowStepsMigration(),
    '0010-subscriptions': subscriptionsMigration(),
    '0011-charge-unknown': chargeUnknownMigration(),
    '0012-secrets-edges': secretsEdgesMigration(),
    '0013-language': languageMigration(),
    '0014-lease-owner-indexes': leaseOwnerIndexesMigration(),
    '0015-message-locale': messageLocaleMigration(),
    '0016-export-csv-header': exportCsvHeaderMigration(),
    '0017-subscription-poll-pages': subscriptionPollPagesMigration(),
    '0018-step-claims': stepClaimsMigration(),
    '0019-approval-requests': approvalRequestsMigration(),
    '0020-approval-starts': approvalStartsMigration(),
    '0021-unconfirmed-by-time': unconfirmedByTimeMigration(),
    '0022-settings-changes': settingsChangesMigration(dialect),
  };
  return { getMigrations: async () => migrations };
}
