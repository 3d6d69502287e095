// SQLite WAL checkpointer thread (plain JavaScript: no loader needed). A commit that crosses the
// connection's wal_autocheckpoint threshold copies the whole WAL into the database file and fsyncs it
// inside the request that committed (~130 ms for a 10,000-entry upload). Here that copy runs on its
// own thread and connection instead, every few hundred milliseconds, as a PASSIVE checkpoint: it never
// waits for readers or writers and never blocks them. The request connections keep a high
// wal_autocheckpoint only as a backstop for when this thread falls behind (or is not running).
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';

//
// 'truncate' (after a user's DELETE): each tick then tries to copy the whole WAL into the file and truncate
// it to nothing (TRUNCATE), so that no old frame keeps the deleted rows' bytes (the file's own pages are
// zeroed by secure_delete), until it succeeds. Without waiting: this connection's busy timeout is 0, so an
// attempt that finds a writer or a reader still on old frames gives up at once (a review: attempts that
// waited held off every writer meanwhile) and the next tick tries again. A reader that never lets go (a
// backup tool holding a read transaction) delays it until it does.
const { path, intervalMs } = workerData;
const db = new BetterSqlite3(path);
// PASSIVE never waits; TRUNCATE must not (above).
db.pragma('busy_timeout = 0');
let timer = null;
let stopped = false;
let truncatePending = false;

function truncate() {
  try {
    const [r] = db.pragma('wal_checkpoint(TRUNCATE)');
    if (r && r.busy === 0) truncatePending = false;
  } catch {
    // SQLITE_BUSY: the next tick tries again.
  }
}

function tick() {
  timer = null;
  if (stopped) return;
  if (truncatePending) truncate();
  else {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // SQLITE_BUSY or a transient error: the next tick tries again; the backstop covers the gap.
    }
  }
  timer = setTimeout(tick, intervalMs);
}

parentPort.on('message', (m) => {
  if (m === 'truncate') {
    truncatePending = true;
    if (stopped) return;
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
