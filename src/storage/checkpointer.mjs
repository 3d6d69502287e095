// SQLite WAL checkpointer thread (plain JavaScript: no loader needed). A commit that crosses the
// connection's wal_autocheckpoint threshold copies the whole WAL into the database file and fsyncs it
// inside the request that committed (~130 ms for a 10,000-entry upload). Here that copy runs on its
// own thread and connection instead, every few hundred milliseconds, as a PASSIVE checkpoint: it never
// waits for readers or writers and never blocks them. The request connections keep a high
// wal_autocheckpoint only as a backstop for when this thread falls behind (or is not running).
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';

const { path, intervalMs, busyTimeoutMs } = workerData;
const db = new BetterSqlite3(path);
db.pragma(`busy_timeout = ${busyTimeoutMs}`);
let timer = null;
let stopped = false;

function tick() {
  timer = null;
  if (stopped) return;
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // SQLITE_BUSY or a transient error: the next tick tries again; the backstop covers the gap.
  }
  timer = setTimeout(tick, intervalMs);
}

parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  stopped = true;
  if (timer) clearTimeout(timer);
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {}
  db.close();
  parentPort.postMessage('stopped');
  parentPort.close();
});

timer = setTimeout(tick, intervalMs);
parentPort.postMessage('ready');
