/** Builders of fake uploads for the storage tests and bench, plus raw row access to check what is stored. */
import { randomUUID } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { keyStatsOf } from '../../src/domain/normalize.ts';
import type { EntryInput, NormalizedEntry } from '../../src/domain/types.ts';
import type { BookKeys, UploadRecord } from '../../src/storage/types.ts';
import { withPgClient } from '../helpers/pg-client.ts';

export interface FakeContact {
  name?: string;
  emails?: string[];
  phones?: string[];
  times?: number | null;
  lastSent?: number | null;
  lastReceived?: number | null;
}

/**
 * A cleaned entry as the domain would produce it: an e-mail's key is the lower-cased address (indexed
 * as 'e:<address>'), a phone's key 'p:' + the number as given (E.164 in these fixtures).
 */
export function fakeEntry(c: FakeContact, sourceKey = 'ios:owner'): NormalizedEntry {
  return {
    name: c.name ?? null,
    nickname: null,
    title: null,
    company: null,
    emails: (c.emails ?? []).map((e) => ({ display: e, key: e.toLowerCase(), domain: e.split('@')[1] ?? '', junk: null, role: false })),
    phones: (c.phones ?? []).map((p) => ({ display: p, key: `p:${p}` })),
    photos: [],
    data: { note: c.name ?? null },
    favorite: false,
    pinned: 0,
    timesContacted: c.times ?? null,
    lastSent: c.lastSent ?? null,
    lastReceived: c.lastReceived ?? null,
    addressCount: 0,
    websiteCount: 0,
    imCount: 0,
    sourceKey,
  };
}

/** loadSignals keys of a book that is all stored. */
export const storedKeys = (all: readonly string[]): BookKeys => ({ all, pending: [] });
/** loadSignals keys of a book whose uploads are not stored yet (or of a user without a book). */
export const pendingKeys = (all: readonly string[]): BookKeys => ({ all, pending: all });

/** An upload of `contacts` by `userId`, whose own address is `ownerEmail` (when given). */
export function fakeUpload(userId: string, contacts: FakeContact[], opts: { ownerEmail?: string; createdAt?: number } = {}): UploadRecord {
  const sourceKey = `ios:${opts.ownerEmail ?? userId}`;
  const normalized = contacts.map((c) => fakeEntry(c, sourceKey));
  const raw: EntryInput[] = contacts.map((c) => ({ name: c.name ?? null, emails: c.emails ?? [], phones: c.phones ?? [] }));
  return {
    batchId: randomUUID(),
    userId,
    sourceKey,
    source: { type: 'ios', email: opts.ownerEmail ?? null, name: userId },
    raw,
    normalized,
    ownerKeys: opts.ownerEmail ? [`e:${opts.ownerEmail}`] : [],
    keyStats: keyStatsOf(normalized),
    createdAt: opts.createdAt ?? Date.now(),
  };
}

/** `n` distinct contacts, each with one e-mail and one phone (keys unique per `tag`). */
export function manyContacts(n: number, tag: string): FakeContact[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `Person ${tag} ${i}`,
    emails: [`p${i}.${tag}@example.com`],
    phones: [`+4930${String(i).padStart(7, '0')}`],
    times: i % 7,
    lastSent: i % 3 === 0 ? 1_700_000_000_000 + i : null,
    lastReceived: null,
  }));
}

/** Every row of `table` in the database behind `url`, read without the storage layer. */
export async function rawRows(url: string, table: string): Promise<Record<string, unknown>[]> {
  if (url.startsWith('sqlite:')) {
    const db = new BetterSqlite3(url.slice('sqlite:'.length), { readonly: true });
    try {
      return db.prepare(`select * from "${table}"`).all() as Record<string, unknown>[];
    } finally {
      db.close();
    }
  }
  return withPgClient(url, async (client) => (await client.query(`select * from "${table}"`)).rows as Record<string, unknown>[]);
}
