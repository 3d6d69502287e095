/**
 * Re-cleaning (`kith reclean`): the derived data of every stored upload (cleaned entries, source key,
 * owner keys, and the user's key index) recomputed from the upload as it was received, with the
 * cleaner of this version. Run it after an upgrade that changes cleaning (junk lists, libphonenumber
 * metadata, key rules): books stored before then merge, rank and meet signals exactly as new uploads do.
 *
 * Safe beside running servers: each book is rewritten in one transaction, and only if its uploads are
 * still exactly those that were read (an upload or a delete meanwhile: the book is read again).
 */
import type { CountryCode } from 'libphonenumber-js';
import { indexedKeyStatsOf } from '../domain/normalize.ts';
import type { EntryInput } from '../domain/types.ts';
import { decodeEntries, encodeEntries } from '../storage/entry-codec.ts';
import type { BookRef, RewrittenUpload, Storage, StoredUpload, Tenant } from '../storage/types.ts';
import { cleanUpload } from './address-book.ts';
import { readStoredEntries } from './lenient.ts';
import { parseJsonBody } from './json-body.ts';

export interface RecleanCounts {
  books: number;
  uploads: number;
  /** Uploads whose derived data changed (rewritten, unless a dry run). */
  changedUploads: number;
  changedBooks: number;
  /** Uploads whose raw text holds no entries to re-clean (kept as they are). */
  unreadable: number;
}

const ATTEMPTS = 5;

/**
 * The entries of a stored upload's raw text: the request body as received ({"entries": [...], ...}), or
 * the JSON array of the entries (rows of the first versions). null: neither (kept as stored).
 */
export function entriesOfRaw(raw: string): EntryInput[] | null {
  let parsed: unknown;
  try {
    // Parsed as POST parsed the body (exact integers of `data` kept: a review found reclean rounding them).
    parsed = parseJsonBody(raw);
  } catch {
    return null;
  }
  // Read as the edge read them when they were received (lenient.ts: names in other fields, forms the
  // schema refused but whose meaning is plain): identity on well-formed entries.
  if (Array.isArray(parsed)) return readStoredEntries(parsed);
  if (parsed !== null && typeof parsed === 'object' && Array.isArray((parsed as { entries?: unknown }).entries)) {
    return readStoredEntries((parsed as { entries: unknown[] }).entries);
  }
  return null;
}

/** One upload's derived data as this version computes it; `changed`: it differs from what is stored. */
function recompute(u: StoredUpload, defaultRegion: CountryCode | null): { upload: RewrittenUpload; changed: boolean; readable: boolean } {
  const stored = decodeEntries(u.normalized);
  const entries = entriesOfRaw(u.raw);
  if (entries === null || entries.length !== stored.length) {
    // Nothing to re-clean from: keep the stored entries and owner keys (the key index is still rebuilt
    // from them, with the rest of the book).
    const upload = {
      seq: u.seq,
      sourceKey: u.sourceKey,
      normalized: stored,
      ownerKeys: u.ownerKeys,
      keyStats: indexedKeyStatsOf(stored),
    };
    return { upload, changed: false, readable: false };
  }
  const c = cleanUpload(u.source, entries, defaultRegion);
  const changed =
    c.sourceKey !== u.sourceKey ||
    encodeEntries(c.normalized, c.sourceKey) !== encodeEntries(stored, u.sourceKey) ||
    JSON.stringify([...c.ownerKeys].sort()) !== JSON.stringify([...u.ownerKeys].sort());
  return { upload: { seq: u.seq, sourceKey: c.sourceKey, normalized: c.normalized, ownerKeys: c.ownerKeys, keyStats: c.keyStats }, changed, readable: true };
}

/** Re-cleans one user's book; rewrites it when anything changed (never on a dry run). */
export async function recleanBook(
  storage: Storage,
  defaultRegion: CountryCode | null,
  t: Tenant,
  userId: string,
  opts: { dryRun?: boolean } = {},
): Promise<Omit<RecleanCounts, 'books' | 'changedBooks'>> {
  for (let attempt = 1; ; attempt++) {
    const stored = await storage.loadStoredUploads(t, userId);
    const results = stored.map((u) => recompute(u, defaultRegion));
    const counts = {
      uploads: stored.length,
      changedUploads: results.filter((r) => r.changed).length,
      unreadable: results.filter((r) => !r.readable).length,
    };
    if (counts.changedUploads === 0 || opts.dryRun) return counts;
    if (
      await storage.rewriteBook(
        t,
        userId,
        results.map((r) => r.upload),
      )
    )
      return counts;
    if (attempt >= ATTEMPTS) throw new Error(`the book of one user kept changing while it was re-cleaned (${ATTEMPTS} attempts)`);
  }
}

/** Re-cleans every stored book, page by page; `onBook` is told of each one done. */
export async function recleanAll(
  storage: Storage,
  defaultRegion: CountryCode | null,
  opts: { dryRun?: boolean; pageSize?: number; onBook?: (counts: RecleanCounts) => void } = {},
): Promise<RecleanCounts> {
  const total: RecleanCounts = { books: 0, uploads: 0, changedUploads: 0, changedBooks: 0, unreadable: 0 };
  let after: BookRef | null = null;
  for (;;) {
    const page = await storage.listBooks(after, opts.pageSize ?? 200);
    if (page.length === 0) return total;
    for (const book of page) {
      const c = await recleanBook(storage, defaultRegion, book.tenant, book.userId, opts);
      total.books++;
      total.uploads += c.uploads;
      total.changedUploads += c.changedUploads;
      total.unreadable += c.unreadable;
      if (c.changedUploads > 0) total.changedBooks++;
      opts.onBook?.(total);
    }
    after = page[page.length - 1]!;
  }
}
