/**
 * The floor of the benchmarks (the definition): for one body, JSON.parse of its text +
 * JSON.stringify of the parsed body + a raw insert of the same rows through a prepared statement (one
 * row per entry: user id, index, name, first e-mail, first phone; SQLite: better-sqlite3 in one
 * transaction, set up as the server's connection is; Postgres: one prepared `insert ... select from
 * unnest(...)`).
 */
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { EngineName } from '../test/helpers/engines.ts';

/** The floor's raw insert: one prepared statement, the rows of one body. */
export interface RawInsert {
  insert(userId: string, entries: Record<string, unknown>[]): Promise<void>;
  close(): Promise<void>;
}

function firstOf(e: Record<string, unknown>, list: string, one: string): string | null {
  const l = e[list];
  if (Array.isArray(l) && typeof l[0] === 'string') return l[0];
  return typeof e[one] === 'string' ? (e[one] as string) : null;
}

export async function rawInsertFor(engine: EngineName, url: string): Promise<RawInsert> {
  const ddl = 'create table bench_floor (user_id text not null, i integer not null, name text, email text, phone text, primary key (user_id, i))';
  if (engine === 'sqlite') {
    // Its own file beside the server's, set up as the server sets up its connection.
    const db = new BetterSqlite3(join(dirname(url.slice('sqlite:'.length)), 'floor.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(ddl);
    const stmt = db.prepare('insert into bench_floor (user_id, i, name, email, phone) values (?, ?, ?, ?, ?)');
    const many = db.transaction((userId: string, entries: Record<string, unknown>[]) => {
      for (let i = 0; i < entries.length; i++) {
        const e = entries[i]!;
        stmt.run(userId, i, typeof e.name === 'string' ? e.name : null, firstOf(e, 'emails', 'email'), firstOf(e, 'phones', 'phone'));
      }
    });
    return { insert: async (u, entries) => void many(u, entries), close: async () => void db.close() };
  }
  const u = new URL(url);
  const schema = u.searchParams.get('schema')!;
  u.searchParams.delete('schema');
  const client = new pg.Client({ connectionString: u.toString(), options: `-c search_path=${schema}` });
  await client.connect();
  await client.query(ddl);
  const text = 'insert into bench_floor (user_id, i, name, email, phone) select $1::text, * from unnest($2::int[], $3::text[], $4::text[], $5::text[])';
  return {
    insert: async (userId, entries) => {
      const idx: number[] = [],
        names: (string | null)[] = [],
        emails: (string | null)[] = [],
        phones: (string | null)[] = [];
      entries.forEach((e, i) => {
        idx.push(i);
        names.push(typeof e.name === 'string' ? e.name : null);
        emails.push(firstOf(e, 'emails', 'email'));
        phones.push(firstOf(e, 'phones', 'phone'));
      });
      await client.query({ name: 'bench_floor_insert', text, values: [userId, idx, names, emails, phones] });
    },
    close: () => client.end(),
  };
}

/** floor(body) in ms: parse + stringify + raw insert of the same rows (`now`: the clock, the wall clock by default). */
export async function floorOf(raw: RawInsert, text: string, userId: string, now: () => number = () => performance.now()): Promise<number> {
  const t0 = now();
  const parsed = JSON.parse(text) as { entries: Record<string, unknown>[] };
  JSON.stringify(parsed);
  await raw.insert(userId, parsed.entries);
  return now() - t0;
}
