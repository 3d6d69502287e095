/**
 * The index lag of the asynchronous key index (issue #13), seen from outside the server: the time from
 * an upload's acknowledgment (the client's receipt of the answer) to the moment its user has no
 * index_queue row left (its key index written, other users' signals see it). Sampled every POLL_MS on a
 * connection of the bench's own, so the resolution is a few ms; the server is not asked anything.
 */
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { performance } from 'node:perf_hooks';

const POLL_MS = 5;

export interface LagProbe {
  /** The upload of `user` was acknowledged at `ackAt` (performance.now()). */
  acked(user: string, ackAt: number): void;
  /** Waits until every acknowledged upload is indexed (or `timeoutMs`), stops, and returns the lags (ms). */
  finish(timeoutMs?: number): Promise<number[]>;
}

/**
 * Waits until the index queue of the database at `url` is empty (the uploads before have all been
 * indexed), and returns how long that took (ms): a measurement that follows another starts from a quiet
 * server, not with the index work of the one before still running on the same cores.
 */
export async function waitForIndexQueue(url: string, timeoutMs = 120_000): Promise<number> {
  const t0 = performance.now();
  const { read, close } = await queueReader(url);
  try {
    while ((await read()).size > 0) {
      if (performance.now() - t0 > timeoutMs) throw new Error(`index queue not empty after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    await close();
  }
  return performance.now() - t0;
}

/** The users with a row in the index queue, read on a connection of the bench's own. */
async function queueReader(url: string): Promise<{ read: () => Promise<Set<string>>; close: () => Promise<void> }> {
  let read: () => Promise<Set<string>>;
  let close: () => Promise<void>;
  if (url.startsWith('sqlite:')) {
    const db = new BetterSqlite3(url.slice('sqlite:'.length), { readonly: true });
    const stmt = db.prepare('select distinct user_id from index_queue').pluck();
    read = async () => new Set(stmt.all() as string[]);
    close = async () => void db.close();
  } else {
    const u = new URL(url);
    const schema = u.searchParams.get('schema');
    u.searchParams.delete('schema');
    const client = new pg.Client({ connectionString: u.toString(), ...(schema ? { options: `-c search_path=${schema}` } : {}) });
    await client.connect();
    read = async () => new Set((await client.query<{ user_id: string }>('select distinct user_id from index_queue')).rows.map((r) => r.user_id));
    close = () => client.end();
  }
  return { read, close };
}

/** Starts sampling the index queue of the database at `url` (sqlite:... or postgres://...?schema=...). */
export async function startLagProbe(url: string): Promise<LagProbe> {
  const { read, close } = await queueReader(url);
  const waiting = new Map<string, number>();
  const lags: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      // Nothing acknowledged and waiting: no query. The probe runs beside the small GETs measured during
      // a big upload, and polling the database every 5 ms would compete with them for the same cores.
      if (waiting.size === 0) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        continue;
      }
      const queued = await read();
      const now = performance.now();
      for (const [user, at] of waiting) {
        if (!queued.has(user)) {
          lags.push(now - at);
          waiting.delete(user);
        }
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  })();
  return {
    acked: (user, ackAt) => void waiting.set(user, ackAt),
    finish: async (timeoutMs = 60_000) => {
      const deadline = performance.now() + timeoutMs;
      while (waiting.size > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, POLL_MS));
      stopped = true;
      await loop;
      await close();
      if (waiting.size > 0) throw new Error(`index lag: ${waiting.size} upload(s) not indexed after ${timeoutMs} ms`);
      return lags;
    },
  };
}
