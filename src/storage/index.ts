/**
 * Opens the storage named by DATABASE_URL. The engine is chosen here, once; the rest of the service
 * only sees the Storage interface.
 */
import { KyselyStorage } from './kysely-storage.ts';
import { openPostgres, type PostgresOptions } from './postgres.ts';
import { openSqlite, type SqliteOptions } from './sqlite.ts';
import type { Storage } from './types.ts';

export type { Storage } from './types.ts';
export { StorageError } from './errors.ts';

/** Where the data lives when DATABASE_URL is unset or empty (relative to the working directory). */
export const DEFAULT_SQLITE_PATH = './data/kith.db';

/** Options of openStorage: those of the engine the URL names apply, the others are ignored. */
export type StorageOptions = SqliteOptions & PostgresOptions;

/**
 * Opens storage for `databaseUrl`:
 * - unset or empty: SQLite at ./data/kith.db (the folder is created);
 * - `sqlite:/abs/file.db`, `sqlite:relative.db`, `sqlite:///abs/file.db` or `sqlite::memory:`: SQLite;
 * - `postgres://...` or `postgresql://...`: PostgreSQL (optional `?schema=name`, created if missing).
 * Does not migrate: callers run `migrateUp()`.
 */
export async function openStorage(databaseUrl: string | undefined, opts: StorageOptions = {}): Promise<Storage> {
  const url = databaseUrl?.trim() ?? '';
  const sqlite = sqlitePathOf(url);
  if (sqlite !== null) return new KyselyStorage(openSqlite(sqlite, opts));
  if (/^postgres(ql)?:\/\//.test(url)) {
    let valid = true;
    try {
      new URL(url);
    } catch {
      valid = false;
    }
    if (!valid) throw new Error('DATABASE_URL: not a valid postgres:// URL');
    return new KyselyStorage(await openPostgres(url, { citusShardCount: opts.citusShardCount, queryTimeoutMs: opts.queryTimeoutMs }));
  }
  throw new Error('DATABASE_URL must be empty (SQLite at ./data/kith.db), sqlite:<path> or postgres://...');
}

/**
 * The SQLite file `databaseUrl` names (`:memory:` for an in-memory database), or null when it names
 * another engine (or nothing openStorage accepts). Throws on `sqlite:` without a path.
 */
export function sqlitePathOf(databaseUrl: string | undefined): string | null {
  const url = databaseUrl?.trim() ?? '';
  if (url === '') return DEFAULT_SQLITE_PATH;
  if (!url.startsWith('sqlite:')) return null;
  let path = url.slice('sqlite:'.length);
  if (path.startsWith('//')) path = path.slice(2); // sqlite:///abs/file.db
  if (path === '') throw new Error('DATABASE_URL: sqlite: needs a file path, e.g. sqlite:./data/kith.db');
  return path;
}
