/**
 * The migration list, provided statically (not by scanning a folder) so it works the same under tsx,
 * in a bundle and in tests. Names sort in application order; never rename or edit an applied one.
 */
import type { Migration, MigrationProvider } from 'kysely';
import type { EngineProfile } from '../engine.ts';
import { initialMigration } from './0001-initial.ts';
import { indexQueueMigration } from './0002-index-queue.ts';
import { clientKeysMigration } from './0003-client-keys.ts';
import { lz4Migration } from './0004-lz4.ts';
import { deletionsMigration } from './0005-deletions.ts';
import { appUsersByIdMigration } from './0006-app-users-by-id.ts';
import { appUserDeletionsMigration } from './0007-app-user-deletions.ts';

export function migrationProvider(engine: EngineProfile): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '0001-initial': initialMigration(engine),
        '0002-index-queue': indexQueueMigration(engine),
        '0003-client-keys': clientKeysMigration(),
        '0004-lz4': lz4Migration(engine),
        '0005-deletions': deletionsMigration(),
        '0006-app-users-by-id': appUsersByIdMigration(),
        '0007-app-user-deletions': appUserDeletionsMigration(),
      };
    },
  };
}
