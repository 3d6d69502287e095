/**
 * PostgreSQL's LISTEN/NOTIFY for the key indexer: an upload's transaction announces its index work
 * (pg_notify, delivered at commit), and every server's indexer listening on the same database wakes at
 * once instead of polling the queue every few milliseconds. On Citus each poll is a query fanned out to
 * every shard of index_queue: 50 polls a second kept an idle Kith server costing the cluster ~8 % of a
 * core (coordinator and workers), each more server as much again.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { IndexWorkListener } from './indexer.ts';

/** Wait before connecting again after the listening connection failed (ms). */
const RECONNECT_MS = 1_000;

/**
 * The channel of the index work of the tables in `schema` (several Kith databases may share one server as
 * schemas: tests do). A hash keeps it a short identifier, whatever the schema's name.
 */
export function indexWorkChannel(schema: string): string {
  return `kith_index_${createHash('sha256').update(schema).digest('hex').slice(0, 16)}`;
}

/**
 * Listens on `channel` on a connection of its own (`config`: the pool's), calling `onWork` for every
 * notification, and also whenever it starts or stops listening (work may have been announced meanwhile).
 * A lost connection is opened again every RECONNECT_MS until close().
 */
export function listenOn(config: pg.ClientConfig, channel: string, onWork: () => void): IndexWorkListener {
  let listening = false;
  let closed = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    const was = listening;
    listening = false;
    c.end().catch(() => {});
    if (was) onWork();
    if (!closed) timer = setTimeout(connect, RECONNECT_MS);
  };
  const connect = () => {
    timer = null;
    if (closed) return;
    const c = new pg.Client(config);
    client = c;
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', onWork);
    c.connect()
      .then(() => c.query(`listen "${channel}"`))
      .then(() => {
        if (client !== c) return;
        listening = true;
        onWork();
      })
      .catch(() => lost(c));
  };
  connect();
  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      const c = client;
      client = null;
      listening = false;
      await c?.end().catch(() => {});
    },
  };
}
