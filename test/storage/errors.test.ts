/**
 * Driver errors as storage errors (src/storage/errors.ts): which mean "the database is not there" (503
 * with Retry-After), which "a node failed during the commit, it may be stored" (503), which are busy;
 * the message names the operation and the driver's code, never the driver's own message (it may quote a
 * value).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toStorageError } from '../../src/storage/errors.ts';

const err = (message: string, code?: string) => Object.assign(new Error(message), code === undefined ? {} : { code });

test('a connection that died under a transaction, and an unreachable Citus node, are unavailable (a probe restarting PostgreSQL got 500s)', () => {
  for (const e of [
    err('Client has encountered a connection error and is not queryable'),
    err('Connection terminated unexpectedly'),
    err('connection to the remote node localhost:9702 failed with the following error: Connection refused'),
    err('terminating connection due to administrator command', '57P01'),
    err('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
  ]) {
    assert.equal(toStorageError('appendUpload', e).kind, 'unavailable', e.message);
  }
});

test('a Citus commit lost on a node is uncertain: it may be stored', () => {
  const s = toStorageError('recordSuggestedSeen', err('could not commit transaction for shard 102023 on at least one active node', 'XX000'));
  assert.equal(s.kind, 'uncertain');
  assert.doesNotMatch(s.message, /shard/);
});

test('a lock wait given up is busy; anything else failed, named by its code, never by its message', () => {
  assert.equal(toStorageError('deleteBook', err('canceling statement due to lock timeout', '55P03')).kind, 'busy');
  const f = toStorageError('appendUpload', err('duplicate key value violates unique constraint; Key (email)=(ann@example.com)', 'XX001'));
  assert.equal(f.kind, 'failed');
  assert.equal(f.message, 'appendUpload: database error (XX001)');
  assert.equal(toStorageError('x', err('value "ann@example.com" is odd')).message, 'x: database error (Error)');
});

test("only a Citus worker that did not answer is a remote node: a ranking may then go on without other users' books", () => {
  for (const e of [
    err('connection to the remote node localhost:9702 failed with the following error: Connection refused', '08006'),
    err('connection to the remote node localhost:9702 failed with the following error: Connection refused'),
    err('could not establish connection after 2000 ms', '08001'),
    // A worker that does not answer its connection (frozen, a host down): a probe saw it as the database's own failure.
    err('could not establish any connections to the node 127.0.0.1:9801 after 2000 ms', '08006'),
    // A worker lost under a transaction that had written through it: rolled back, a 503 (a 500 before).
    err('failure on connection marked as essential: localhost:9702', 'XX000'),
  ]) {
    const s = toStorageError('loadSignals', e);
    assert.equal(s.kind, 'unavailable', e.message);
    assert.equal(s.remoteNode, true, e.message);
  }
  // The database Kith talks to itself: a pool's timeout, a reset, a restart, too many connections.
  for (const e of [
    err('timeout exceeded when trying to connect'),
    err('read ECONNRESET', 'ECONNRESET'),
    err('terminating connection due to administrator command', '57P01'),
    err('sorry, too many clients already', '53300'),
    err('Client has encountered a connection error and is not queryable'),
  ]) {
    const s = toStorageError('loadSignals', e);
    assert.equal(s.kind, 'unavailable', e.message);
    assert.equal(s.remoteNode, false, e.message);
  }
});

test('a statement without an answer within the deadline is unavailable, a commit without one uncertain; a worker cut during a commit uncertain (a DELETE answered 500)', () => {
  const none = toStorageError('loadBook', err('no answer from the database within the deadline', 'KITH_NO_ANSWER'));
  assert.equal(none.kind, 'unavailable');
  assert.equal(none.remoteNode, false);
  assert.equal(toStorageError('appendUpload', err('commit: no answer from the database within the deadline', 'KITH_COMMIT_NO_ANSWER')).kind, 'uncertain');
  for (const m of ['SSL SYSCALL error: EOF detected', 'server closed the connection unexpectedly']) {
    const s = toStorageError('deleteBook', err(m, 'XX000'));
    assert.equal(s.kind, 'uncertain', m);
    assert.doesNotMatch(s.message, /SSL|closed/); // the operation and the kind, never the driver's words
    // A read cut so stored nothing: unavailable.
    assert.equal(toStorageError('loadBook', err(m, 'XX000')).kind, 'unavailable', m);
  }
});

test('the 503 says which it was: unreachable, too slow to answer, or a commit not confirmed and why', async () => {
  const { toApiError } = await import('../../src/http/error-handler.ts');
  const said = (operation: string, e: unknown) => toApiError(toStorageError(operation, e)).message;
  const err = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  assert.match(said('loadBook', err('ECONNREFUSED')), /^The database is not reachable right now; please retry in 5 s\.$/);
  // A deadline passed on a database that is there (a lock held, an overloaded server): not "unreachable".
  assert.match(
    said('loadBook', err('KITH_NO_ANSWER')),
    /^The database did not answer in time \(it is overloaded, a lock holds the request, or it cannot be reached\)/,
  );
  assert.match(said('loadBook', err('57014')), /did not answer in time/);
  assert.match(
    said('appendUpload', err('KITH_COMMIT_NO_ANSWER')),
    /did not confirm the request \(it did not answer in time\), so it may or may not have taken effect; sending it again is safe/,
  );
  assert.match(said('deleteBook', err('57014')), /did not confirm the request \(it did not answer in time\)/);
  assert.match(said('deleteBook', err('XX000', 'SSL SYSCALL error: EOF detected')), /did not confirm the request \(a database node failed\)/);
  assert.match(said('appendUpload', err('55P03')), /^The database is busy; please retry in 1 s\.$/);
});
