/**
 * The offline harness: the service's pipeline reproduced in memory for fast iteration (npm run eval --
 * --offline). Each entry becomes one contact (entries sharing an e-mail are merged); the cross-user
 * signals are computed from all books of the cutoff, as the service computes them from its tables.
 * The reported figures come from the HTTP mode; this one is for development only.
 */
import { parseDate } from '../../src/domain/dates.ts';
import { rankContacts, type Scored, type Weights } from '../../src/domain/rank/index.ts';
import type { BookSignals, Contact, KeyStat, NormEmail, Owner } from '../../src/domain/types.ts';
import { entryEmails, type EvalBook } from './dataset.ts';

const keyOf = (email: string) => `e:${email.trim().toLowerCase()}`;

function newest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

/** The book's contacts: one per distinct e-mail key, entries sharing a key merged (max count, newest dates). */
export function contactsOf(book: EvalBook): Contact[] {
  const byKey = new Map<string, Contact>();
  const out: Contact[] = [];
  for (const u of book.uploads) {
    // As the cleaner (cleanUpload): an explicit 0 means "never written to" only in an upload that counts.
    const counts = u.entries.some((e) => typeof e.times_contacted === 'number' && e.times_contacted > 0);
    for (const e of u.entries) {
      const emails = entryEmails(e)
        .map((x) => x.trim())
        .filter((x) => x !== '');
      if (emails.length === 0) continue;
      const keys = emails.map(keyOf);
      const times = typeof e.times_contacted === 'number' && (e.times_contacted > 0 || (counts && e.times_contacted === 0)) ? e.times_contacted : null;
      const lastSent = parseDate(e.last_message_sent_date);
      const lastReceived = parseDate(e.last_message_received_date);
      const found = keys.map((k) => byKey.get(k)).find((c) => c !== undefined);
      if (found) {
        found.timesContacted = times === null ? found.timesContacted : Math.max(found.timesContacted ?? 0, times);
        found.lastSent = newest(found.lastSent, lastSent);
        found.lastReceived = newest(found.lastReceived, lastReceived);
        found.entryCount++;
        continue;
      }
      const norm: NormEmail[] = emails.map((display) => {
        const key = display.toLowerCase();
        return { display, key, domain: key.slice(key.lastIndexOf('@') + 1), junk: null };
      });
      const c: Contact = {
        id: out.length,
        name: e.name ?? null,
        nickname: null,
        title: e.title ?? null,
        company: e.company ?? null,
        emails: norm,
        phones: [],
        photos: [],
        data: {},
        favorite: false,
        pinned: 0,
        timesContacted: times,
        lastSent,
        lastReceived,
        addressCount: 0,
        websiteCount: 0,
        imCount: 0,
        sourceCount: 1,
        entryCount: 1,
        keys,
        junk: false,
        junkReason: null,
      };
      for (const k of keys) byKey.set(k, c);
      out.push(c);
    }
  }
  return out;
}

function ownerOf(book: EvalBook): Owner {
  const emails = book.uploads.map((u) => u.source.email).filter((e): e is string => !!e);
  return {
    names: [],
    keys: emails.map(keyOf),
    emailDomains: [...new Set(emails.map((e) => e.toLowerCase().split('@')[1]))],
    phone: null,
    region: null,
  };
}

/** Per-key statistics of a user's book (what the service stores as key stats). */
function keyStatsOf(contacts: Contact[]): Map<string, KeyStat> {
  const m = new Map<string, KeyStat>();
  for (const c of contacts) {
    for (const key of c.keys) {
      m.set(key, { key, times: c.timesContacted ?? 0, lastSent: c.lastSent, lastReceived: c.lastReceived });
    }
  }
  return m;
}

/** One user's book as the ranker sees it. */
export interface PreparedBook {
  book: EvalBook;
  contacts: Contact[];
  owner: Owner;
  signals: BookSignals;
}

/** Contacts, owner and cross-user signals of every book of one cutoff (one app). */
export function prepareCutoff(books: EvalBook[]): PreparedBook[] {
  const users = books.map((b) => {
    const contacts = contactsOf(b);
    return { book: b, contacts, owner: ownerOf(b), stats: keyStatsOf(contacts) };
  });
  const holders = new Map<string, number>();
  for (const u of users) for (const k of u.stats.keys()) holders.set(k, (holders.get(k) ?? 0) + 1);
  const byOwnerKey = new Map<string, (typeof users)[number]>();
  for (const u of users) for (const k of u.owner.keys) byOwnerKey.set(k, u);

  const out: PreparedBook[] = [];
  for (const u of users) {
    const knownBy = new Map<string, number>();
    const reciprocal = new Map<string, KeyStat>();
    for (const k of u.stats.keys()) {
      const n = (holders.get(k) ?? 0) - 1;
      if (n > 0) knownBy.set(k, n);
      const other = byOwnerKey.get(k);
      if (!other || other === u) continue;
      for (const ok of u.owner.keys) {
        const s = other.stats.get(ok);
        if (s) reciprocal.set(k, s);
      }
    }
    const signals: BookSignals = {
      knownBy,
      reciprocal,
      appUserKeys: new Set(),
      invitedKeys: new Map(),
      acceptedKeys: new Set(),
      seenKeys: new Map(),
    };
    out.push({ book: u.book, contacts: u.contacts, owner: u.owner, signals });
  }
  return out;
}

/** Ranks every book of one cutoff (one app): user_id -> scored list. */
export function rankCutoffOffline(books: EvalBook[], weights?: Weights, explain = false): Map<string, Scored[]> {
  const out = new Map<string, Scored[]>();
  for (const p of prepareCutoff(books)) {
    out.set(p.book.user_id, rankContacts(p.contacts, { owner: p.owner, signals: p.signals, weights, explain }));
  }
  return out;
}
