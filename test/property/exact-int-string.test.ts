/**
 * A client's own string or key of `data` that starts with the internal exact-integer marker comes back as
 * sent, never as a number (a review of the thirty-eighth session).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exactIntegersOut, parseJsonBody } from '../../src/workers/compilers.ts';

test("a data string holding the exact-integer marker comes back as the client's string, not as a number", () => {
  const body = '{"user_id":"u1","entries":[{"email":"a@x.example","data":{"note":"\\u0000kith-exact-int:12"}}]}';
  const parsed = parseJsonBody(body) as { entries: { data: unknown }[] };
  // The answers write data with JSON.stringify, then exactIntegersOut (compileListSerializer).
  const out = JSON.parse(exactIntegersOut(JSON.stringify({ data: [{ data: parsed.entries[0]!.data }] }))) as { data: { data: { note: unknown } }[] };
  assert.equal(out.data[0]!.data.note, '\u0000kith-exact-int:12');
});
