/** A direct connection to a test database on PostgreSQL or Citus, beside the app (to inspect or alter it). */
import pg from 'pg';

/**
 * Runs `fn` with a client of the database at `url` (postgres://...?schema=NAME), its search_path set to
 * that schema when the URL names one, and closes the client after. `fn` gets the schema ('public' when
 * the URL names none).
 */
export async function withPgClient<R>(url: string, fn: (client: pg.Client, schema: string) => Promise<R>): Promise<R> {
  const u = new URL(url);
  const schema = u.searchParams.get('schema');
  u.searchParams.delete('schema');
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    if (schema) await client.query(`set search_path to "${schema}"`);
    return await fn(client, schema ?? 'public');
  } finally {
    await client.end();
  }
}
