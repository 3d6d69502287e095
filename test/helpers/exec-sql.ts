/** SQL run on a test database directly, beside the app (fault injection: triggers that make writes fail). */
import Database from 'better-sqlite3';
import { withPgClient } from './pg-client.ts';

/**
 * Runs SQL on the test database at `url` directly, never through the app: `sqlite` on a SQLite file,
 * `postgres` (statements split at each create/drop) on PostgreSQL or Citus.
 */
export async function execSql(url: string, sqlite: string, postgres: string): Promise<void> {
  if (url.startsWith('sqlite:')) {
    const db = new Database(url.slice('sqlite:'.length));
    try {
      db.exec(sqlite);
    } finally {
      db.close();
    }
    return;
  }
  await withPgClient(url, async (client) => {
    // Citus refuses triggers on distributed tables unless told (a plain PostgreSQL ignores the setting).
    await client.query('set citus.enable_unsafe_triggers to on');
    // One statement at a time: Citus propagates DDL per statement, not in a multi-statement query.
    for (const statement of postgres.split(/;\s*(?=create |drop )/i)) await client.query(statement);
  });
}
