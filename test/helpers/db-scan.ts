/**
 * Reads every row of every Kith table straight from the database (not through Storage), as text,
 * so tests can prove what is and is not at rest: keys only as hashes, nothing left after a DELETE.
 */
import Database from 'better-sqlite3';
import { withPgClient } from './pg-client.ts';

/** All rows of all tables, each as `table: JSON of the row`. */
export async function dumpAllRows(url: string): Promise<string[]> {
  if (url.startsWith('sqlite:')) {
    const db = new Database(url.slice('sqlite:'.length), { readonly: true });
    try {
      const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").all() as { name: string }[];
      return tables.flatMap(({ name }) => (db.prepare(`select * from "${name}"`).all() as object[]).map((r) => `${name}: ${JSON.stringify(r)}`));
    } finally {
      db.close();
    }
  }
  return withPgClient(url, async (client, schema) => {
    const { rows: tables } = await client.query('select table_name from information_schema.tables where table_schema = $1', [schema]);
    const out: string[] = [];
    for (const { table_name } of tables) {
      const { rows } = await client.query(`select * from "${schema}"."${table_name}"`);
      for (const r of rows) out.push(`${table_name}: ${JSON.stringify(r)}`);
    }
    return out;
  });
}
