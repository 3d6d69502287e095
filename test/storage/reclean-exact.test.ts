/**
 * Exact integers of `data` through `kith reclean` (a review of the thirty-eighth session: it re-read a
 * stored upload's raw body with JSON.parse, so a 64-bit id kept exactly on POST was rounded and rewritten by
 * the next reclean; docs/api.md: "comes back with the digits it was sent with").
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SourceInput } from '../../src/domain/types.ts';
import { cleanUpload } from '../../src/services/address-book.ts';
import { entriesOfRaw } from '../../src/services/reclean.ts';
import { encodeEntries } from '../../src/storage/entry-codec.ts';
import { exactIntegersOut, parseJsonBody } from '../../src/workers/compilers.ts';

const SOURCE: SourceInput = { type: 'ios', email: 'owner@home.com', phone: null, name: null };

test('kith reclean keeps an integer of data beyond 2^53 as POST stored it (it rounded 9007199254740993)', () => {
  const raw =
    '{"user_id":"u1","source":{"type":"ios","email":"owner@home.com"},"entries":[{"name":"Ann Lee","email":"ann@x.example","data":{"crm_id":9007199254740993}}]}';
  // What POST stores (the edge parses the body with parseJsonBody).
  const posted = (parseJsonBody(raw) as { entries: never[] }).entries;
  const atPost = cleanUpload(SOURCE, posted, null);
  // What reclean recomputes from the same raw text.
  const again = cleanUpload(SOURCE, entriesOfRaw(raw)!, null);
  assert.deepEqual(again.normalized[0]!.data, atPost.normalized[0]!.data);
  // Else reclean sees a change and rewrites the upload with the rounded number.
  assert.equal(encodeEntries(again.normalized, again.sourceKey), encodeEntries(atPost.normalized, atPost.sourceKey));
});

test("reclean keeps them from a small body's raw too (stored as the JSON of the parsed body, its exact integers written back)", () => {
  const text =
    '{"user_id":"u1","source":{"type":"ios","email":"owner@home.com"},"entries":[{"name":"Ann Lee","email":"ann@x.example","data":{"crm_id":9007199254740993,"m":"\\u0000kith-exact-int:7"}}]}';
  const parsed = parseJsonBody(text) as { entries: never[] };
  // What the route stores for a body parsed on the event loop (address-book-answers.ts).
  const raw = exactIntegersOut(JSON.stringify(parsed));
  assert.ok(raw.includes('"crm_id":9007199254740993'), raw);
  const atPost = cleanUpload(SOURCE, parsed.entries, null);
  const again = cleanUpload(SOURCE, entriesOfRaw(raw)!, null);
  assert.deepEqual(again.normalized[0]!.data, atPost.normalized[0]!.data);
  assert.equal(encodeEntries(again.normalized, again.sourceKey), encodeEntries(atPost.normalized, atPost.sourceKey));
});
