// SQLite WAL checkpointer thread (plain JavaScript: no loader needed). A commit that crosses the
// connection's wal_autocheckpoint threshold copies the whole WAL into the database file and fsyncs it
// inside the request that committed (~130 ms for a 10,000-entry upload). Here that copy runs on its
// own thread and connection instead, every few hundred milliseconds, as a PASSIVE checkpoint: it never
// waits for readers or writers and never blocks them. The request connections keep a high
// wal_autocheckpoint only as a backstop for when this thread falls behind (or is not running).
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';

//
// 'truncate' (after a user's DELETE): the next ticks copy the whole WAL into the file and truncate it to
// nothing (TRUNCATE), so that no old frame keeps the deleted rows' bytes (the file's own pages are zeroed by
// secure_delete). Each attempt waits truncateBusyMs at most (it holds off new writers meanwhile), and
// is tried again on the next ticks while readers or writers hold the WAL, up to TRUNCATE_ATTEMPTS.
const { path, intervalMs, busyTimeoutMs, truncateBusyMs } = workerData;
const db = new BetterSqlite3(path);
db.pragma(`busy_timeout = ${busyTimeoutMs}`);
let timer = null;
let stopped = false;
const TRUNCATE_ATTEMPTS = 400;
let truncateLeft = 0;

function truncate() {
  db.pragma(`busy_timeout = ${truncateBusyMs}`);
  try {
    const [r] = db.pragma('wal_checkpoint(TRUNCATE)');
    if (r && r.busy === 0) truncateLeft = 0;
    else truncateLeft--;
  } catch {
    truncateLeft--;
  } finally {
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  }
}

function tick() {
  timer = null;
  if (stopped) return;
  if (truncateLeft > 0) truncate();
  else {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // SQLITE_BUSY or a transient error: the next tick tries again; the backstop covers the gap.
    }
  }
  timer = setTimeout(tick, truncateLeft > 0 ? Math.min(intervalMs, 25) : intervalMs);
}

parentPort.on('message', (m) => {
  if (m === 'truncate') {
    truncateLeft = TRUNCATE_ATTEMPTS;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, 0);
    return;
  }
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
