/**
 * The address-book use cases: upload (clean, store, rank), read (rank what is stored), delete.
 * It glues the pure domain core to storage; HTTP concerns (status codes, envelopes) stay in http/.
 */
import { randomUUID } from 'node:crypto';
import type { CountryCode } from 'libphonenumber-js';
import type { Config } from '../config.ts';
import { summarizeCleaning, type CleaningSummary, type LeftOutEntry } from '../domain/cleaning.ts';
import { mergeEntries, type SelfOf } from '../domain/merge.ts';
import {
  indexKeysOf,
  indexedKeyStatsOf,
  isIndexedKey,
  normalizeEntry,
  ownerKeysOf,
  ownerOf,
  sourceKey,
  sourceKeysOf,
  sourceRegion,
} from '../domain/normalize.ts';
import { ALL_SIGNALS, aliasKeysOutside, applyRankOptions, noSignals, roundScore, signalsUsed, spreadOverAliases, type RankOptions } from '../domain/options.ts';
import { DEFAULT_WEIGHTS, rankContacts, type Scored, type Weights } from '../domain/rank/index.ts';
import type { BookSignals, Contact, EntryInput, NormalizedEntry, Owner, SignalsWanted, SourceInput } from '../domain/types.ts';
import { decodeEntries } from '../storage/entry-codec.ts';
import { StorageError } from '../storage/errors.ts';
import type { BookKeys, KnownUpload, StoredBook, StoredUpload, Storage, Tenant } from '../storage/types.ts';
import { ServiceError } from './errors.ts';
import type { FieldWarning } from './upload-warnings.ts';

export interface RankedRow {
  contact: Contact;
  rank: number;
  score: number;
  explain?: Record<string, number>;
}

export interface RankedView {
  rows: RankedRow[];
  exceptionMatchingDomain: boolean;
  /** What cleaning did to the whole book, and its left-out entries (batch id and index in the upload). */
  cleaning: UploadCleaning;
  /** Uploads in the book: when 1, the book's summary is its upload's (see uploadCleaningOf). */
  bookUploads: number;
  /** The batch ids of the book's uploads (the upload in hand's included). */
  bookBatches: readonly string[];
  /** What the answer's `meta.warnings` says of the ranking itself (CROSS_USER_MISSING). */
  warnings?: FieldWarning[];
}

/** The warning of promote_matching_domain=1 where no owner e-mail is known (see ranked). */
export const NO_OWNER_DOMAIN: FieldWarning = {
  field: 'promote_matching_domain',
  count: 1,
  message: 'is 1 but no owner e-mail is known (send source.email): nothing was promoted, and meta.exception_matching_email_domain is true',
};

/**
 * The warning of a ranking made without other users' books: the app's weights use them (known_by,
 * reciprocal_*), and part of the database that holds them did not answer. The owner's own book, the
 * options' records and every other signal were read; the order may change when they are back.
 */
export const CROSS_USER_MISSING: FieldWarning = {
  field: 'weights',
  count: 1,
  message:
    "ranked without the signals of other users' books (known_by, reciprocal): the part of the database that holds them is unreachable for now; the owner's own book and records were read, and the order may change when it is back",
};

/**
 * The cleaning summary of an upload or a book, its left-out entries, and the people lists named that are
 * left out though their entries are not (entry order).
 */
export interface UploadCleaning {
  summary: CleaningSummary;
  leftOut: LeftOutEntry[];
  leftOutListPeople: LeftOutEntry[];
}

/**
 * The cleaning summary of one upload: its entries merged on their own (what they make as a book of their
 * own, so the counts do not depend on what the book held before), pure.
 */
export function cleaningOfUpload(normalized: NormalizedEntry[], self?: SelfOf): UploadCleaning {
  return summarizeCleaning(mergeEntries(normalized, undefined, self), normalized.length);
}

/**
 * The cleaning of the upload just ranked: a book that is this upload alone (a new user's, the common
 * first upload) was merged from exactly its entries, so its summary is the upload's, without a second
 * merge; otherwise the upload is merged on its own.
 */
export function uploadCleaningOf(view: RankedView, normalized: NormalizedEntry[], self?: SelfOf): UploadCleaning {
  if (view.bookUploads !== 1) return cleaningOfUpload(normalized, self);
  const inUpload = (e: LeftOutEntry): LeftOutEntry => ({ index: e.index, reason: e.reason });
  return { summary: view.cleaning.summary, leftOut: view.cleaning.leftOut.map(inUpload), leftOutListPeople: view.cleaning.leftOutListPeople.map(inUpload) };
}

/** Cleans one upload: pure, and the expensive part of a POST (phone parsing). */
export function cleanUpload(source: SourceInput, entries: EntryInput[], defaultRegion: CountryCode | null) {
  const region = sourceRegion(source) ?? defaultRegion;
  const key = sourceKey(source);
  const normalized: NormalizedEntry[] = new Array(entries.length);
  for (let i = 0; i < entries.length; i++) normalized[i] = normalizeEntry(entries[i], { region, sourceKey: key });
  // An explicit times_contacted of 0 is stored as sent: whether it says "never written to" depends on
  // whether its source counts anyone, over all of the source's uploads (the merge decides: uncountedSources).
  return { sourceKey: key, normalized, keyStats: indexedKeyStatsOf(normalized), ownerKeys: ownerKeysOf(source, region).filter(isIndexedKey) };
}

/** Merged contacts and owner of a stored book: pure. `aliases`: the app's alias groups that touch the book. */
export function mergeBook(
  book: StoredBook,
  defaultRegion: CountryCode | null,
  aliases?: readonly (readonly string[])[],
): { contacts: Contact[]; owner: Owner } {
  const owner = ownerOf(book.sources, defaultRegion);
  return { contacts: mergeEntries(book.entries, aliases, owner), owner };
}

/** What a ranking may be given besides the book's owner and user (see AddressBookService.contactsOf). */
export interface RankingInputs {
  /** Runs once the book's alias and signal lookups are under way, before the merge. */
  whileLookingUp?: () => void;
  /** The book, already loaded (null: the user has none); read from storage when absent. */
  book?: StoredBook | null;
  /**
   * Which signals the ranking can use (signalsUsed: its weights and options); those it cannot are not
   * looked up. Absent: all of them (learning computes every feature).
   */
  signalsUsed?: Promise<SignalsWanted>;
  /** The app's weights and whether it has aliases, already being read (see appStateOf); read here when absent. */
  appState?: Promise<AppState>;
  /** A ranking (not learning): other users' books may be left out when they cannot be read (see contactsOf). */
  crossUserOptional?: boolean;
  /** Only the uploads stored up to this sequence number (the book at an upload's commit: see answerUpload). */
  upToSeq?: number;
}

/**
 * The region a user's book reads its numbers in, from its stored uploads: the country of the newest source
 * that names one (its owner's phone's country, else its `region`); null when none does (or no book).
 */
export async function bookRegionOf(storage: Storage, t: Tenant, userId: string): Promise<CountryCode | null> {
  return regionOfSources(await storage.regionSourcesOf(t, userId));
}

/** The region of the first of `sources` (newest first) that names one; null when none does. */
export function regionOfSources(sources: readonly SourceInput[]): CountryCode | null {
  for (const s of sources) {
    const region = sourceRegion(s);
    if (region !== null) return region;
  }
  return null;
}

/** Every country the sources name (sourceRegion), in regionOfSources' order, each once. */
export function regionsOfSources(sources: readonly SourceInput[]): CountryCode[] {
  const out: CountryCode[] = [];
  for (const s of sources) {
    const region = sourceRegion(s);
    if (region !== null && !out.includes(region)) out.push(region);
  }
  return out;
}

/** What every ranking of an app reads first (AddressBookService.appStateOf). */
export interface AppState {
  weights: Weights;
  hasAliases: boolean;
}

export class AddressBookService {
  constructor(
    private readonly storage: Storage,
    private readonly config: Config,
  ) {}

  /**
   * Cleans an upload and returns at once: its batch id, the upload (`known`, which ranked() uses as it
   * is, stored yet or not), and `store()`, which starts storing it whole (encoding it on this thread, then
   * writing it where the engine writes) and returns `stored`, settled when the upload is committed (or
   * failed: then nothing of it is stored); called again, it returns the same promise. The caller may rank
   * meanwhile, but answers only after `stored`. A ranked POST starts it once the book's signal lookup is
   * under way (see contactsOf): the lookup then runs beside the encoding and the merge instead of after them.
   */
  /**
   * The region the user's book reads its numbers in, from the stored uploads: the country of the newest
   * source that names one (its owner's phone's country, else its `region`: a file read so before); null
   * when none does. For an upload that cannot say (a contacts file).
   */
  bookRegion(t: Tenant, userId: string): Promise<CountryCode | null> {
    return bookRegionOf(this.storage, t, userId);
  }

  prepareUpload(
    t: Tenant,
    userId: string,
    source: SourceInput,
    entries: EntryInput[],
    rawJson?: string | Uint8Array,
    arrivedAt?: number,
  ): { batchId: string; known: KnownUpload; store: () => Promise<number> } {
    const cleaned = cleanUpload(source, entries, this.config.defaultRegion);
    const createdAt = Date.now();
    const upload = {
      batchId: randomUUID(),
      userId,
      sourceKey: cleaned.sourceKey,
      source,
      raw: entries,
      rawJson,
      normalized: cleaned.normalized,
      ownerKeys: cleaned.ownerKeys,
      keyStats: cleaned.keyStats,
      createdAt,
      // When the request arrived (else now): a DELETE of the user committed after it wins (the upload is refused).
      arrivedAt: arrivedAt ?? createdAt,
    };
    let stored: Promise<number> | undefined;
    const store = () => {
      if (stored === undefined) {
        stored = this.storage.appendUpload(t, upload);
        stored.catch(() => {}); // awaited by the caller; not an unhandled rejection while it ranks meanwhile
      }
      return stored;
    };
    return { batchId: upload.batchId, known: { upload }, store };
  }

  /**
   * Loads, merges and signals of a user's book; null when the user has none. `known`: see upload().
   * `more.whileLookingUp` runs once the book's alias and signal lookups are under way, before the merge
   * (a ranked POST stores its upload then, see prepareUpload); `more.book`: the book, already loaded
   * (see bookBelow).
   */
  async contactsOf(
    t: Tenant,
    userId: string,
    known?: KnownUpload,
    more: RankingInputs = {},
  ): Promise<{
    contacts: Contact[];
    owner: Owner;
    signals: BookSignals;
    cleaning: UploadCleaning;
    uploads: number;
    batchIds: string[];
    crossUserMissing?: boolean;
  } | null> {
    const { whileLookingUp } = more;
    const book = more.book !== undefined ? more.book : await this.storage.loadBook(t, userId, known, more.upToSeq);
    if (!book) return null;
    // The book's keys (a book that is just the upload in hand has them already), and those not stored yet.
    const pending = known !== undefined ? known.upload.keyStats.map((k) => k.key) : [];
    const all = known !== undefined && book.uploadCount === 1 ? pending : indexKeysOf(book.entries);
    const owner = ownerOf(book.sources, this.config.defaultRegion);
    // The app's aliases (POST /v0/alias) that touch this book join the contacts holding them; looked up
    // beside the signals (a second round trip would add its latency to every read). The signals are only
    // needed by the ranking: the merge runs while they are read (on another thread or server, where the
    // engine reads there: SQLite in a book worker, PostgreSQL).
    const aliasesRead =
      more.appState === undefined ? this.storage.loadAliasGroups(t, all) : more.appState.then((a) => this.storage.loadAliasGroups(t, all, a.hasAliases));
    const used = more.signalsUsed === undefined ? ALL_SIGNALS : await more.signalsUsed;
    // Other users' books may lag (issue #13's decision): where they cannot be read at all (a Citus worker
    // holding some of the key index is down), a ranking goes on without them and says so, as the owner's
    // own book and records are all there. Records wanted by the options (invites sent, app users) are
    // never guessed: without them the read fails as before.
    let crossUserMissing = false;
    const lookUp = (keys: BookKeys, want: SignalsWanted): Promise<BookSignals> => {
      const read = this.storage.loadSignals(t, userId, { ...keys, want }, owner.keys);
      if (!more.crossUserOptional || !(want.knownBy || want.reciprocal)) return read;
      return read.catch((err: unknown) => {
        if (!(err instanceof StorageError) || err.kind !== 'unavailable' || !err.remoteNode) throw err;
        crossUserMissing = true;
        const rest: SignalsWanted = { ...want, knownBy: false, reciprocal: false, any: want.appUsers || want.invited || want.accepted || want.seen };
        return rest.any ? this.storage.loadSignals(t, userId, { ...keys, want: rest }, owner.keys) : noSignals();
      });
    };
    const signalsRead = used.any ? lookUp({ all, pending }, used) : Promise.resolve(noSignals());
    signalsRead.catch(() => {}); // awaited below, after the merge; not an unhandled rejection meanwhile
    aliasesRead.catch(() => {});
    whileLookingUp?.();
    const aliases = await aliasesRead;
    // An alias group is one person: the records of its addresses that the book does not hold (Ana signed
    // up as ana.silva@work.example, the book holds ana@example.org) are looked up too, beside the merge,
    // and spread over the group. Only for a book that an alias touches: one round trip more, then.
    // The user's invites and suggestions seen are read whole, whatever the keys: only the parts looked up
    // by key are asked again, for these keys only (not the book's again).
    const byKey = { ...used, invited: false, seen: false, any: used.knownBy || used.reciprocal || used.appUsers || used.accepted };
    const outside = byKey.any ? aliasKeysOutside(aliases, all) : [];
    // The alias group's keys outside the book, the same way (a review: such books stayed 503).
    const outsideRead = outside.length > 0 ? lookUp({ all: outside, pending: [], only: true }, byKey) : undefined;
    outsideRead?.catch(() => {});
    const contacts = mergeEntries(book.entries, aliases, owner);
    const signals = spreadOverAliases(await signalsRead, aliases, await outsideRead);
    // The book's summary is recomputed from the merge every read needs anyway: no stored counts to keep
    // in step with re-cleaning, and it always describes the book as it is now.
    const cleaning = summarizeCleaning(contacts, book.entries.length, book.batches);
    return { contacts, owner, signals, cleaning, uploads: book.uploadCount, batchIds: (book.batches ?? []).map((b) => b.batchId), crossUserMissing };
  }

  /**
   * The app's weights (learned, or the defaults) and whether it has any alias, being read in one
   * statement: started beside the book's read (by ranked, or by a caller that reads the book itself:
   * bookBelow), so that neither waits for the other, and the alias lookup after the book is asked only
   * of apps that have aliases. Never an unhandled rejection: whoever awaits it gets the error.
   */
  appStateOf(t: Tenant): Promise<AppState> {
    const read = this.storage.loadAppState(t).then((s) => ({ weights: s.weights?.weights ?? DEFAULT_WEIGHTS, hasAliases: s.hasAliases }));
    read.catch(() => {});
    return read;
  }

  /** Entries stored for the user (all uploads): decides whether ranking the book is a big job. */
  bookSize(t: Tenant, userId: string): Promise<number> {
    return this.storage.bookSize(t, userId);
  }

  /**
   * The user's stored book, or only its size when it holds `atLeast` entries or more (a big job, ranked
   * elsewhere), or null when there is none: one read where bookSize then ranked() would take two.
   */
  bookBelow(t: Tenant, userId: string, atLeast: number): Promise<StoredBook | { size: number } | null> {
    return this.storage.loadBookBelow(t, userId, atLeast);
  }

  /**
   * The cleaned, merged, ranked book with the options applied; 404 when the user has no book.
   * `more`: see contactsOf.
   */
  async ranked(t: Tenant, userId: string, opts: RankOptions, known?: KnownUpload, more: RankingInputs = {}): Promise<RankedView> {
    // The app's weights are read beside the book (one round trip less for every read on PostgreSQL), or
    // were already being read beside it by the caller.
    const appState = more.appState ?? this.appStateOf(t);
    const weightsRead = appState.then((a) => (opts.ownBookOnly === true ? ownBookWeights(a.weights) : a.weights));
    weightsRead.catch(() => {}); // awaited below; not an unhandled rejection when the book fails first
    // Other users' books and the app's records are looked up only where the weights or the options use
    // them (by default neither does): they cannot change the answer otherwise.
    const used = weightsRead.then((w) => signalsUsed(w, opts));
    used.catch(() => {});
    const loaded = await this.contactsOf(t, userId, known, { ...more, signalsUsed: used, appState, crossUserOptional: true });
    if (!loaded) throw new ServiceError('address_book_not_found', `No address book is stored for user ${JSON.stringify(userId)}.`);
    const { contacts, owner, signals, cleaning, uploads, batchIds, crossUserMissing } = loaded;
    // promote_matching_domain=1 with no owner e-mail known (a phone's book): nothing to promote, as for a
    // webmail owner; the order stays and the answer says so. It was a 400, which refused the whole upload
    // of every phone-only user of a client that always sends the option.
    const noOwnerDomain = opts.promoteMatchingDomain === 'owner' && owner.emailDomains.length === 0;
    const weights = await weightsRead;
    const invitable = contacts.filter((c) => !c.junk);
    const scored: Scored[] = rankContacts(invitable, { owner, signals, weights, explain: opts.explain, now: Date.now() });
    const applied = applyRankOptions(
      scored,
      noOwnerDomain ? { ...opts, promoteMatchingDomain: null } : opts,
      signals,
      owner.emailDomains,
      owner.region ?? this.config.defaultRegion,
    );
    const warnings = [...(noOwnerDomain ? [NO_OWNER_DOMAIN] : []), ...(crossUserMissing ? [CROSS_USER_MISSING] : [])];
    return {
      rows: applied.rows.map((r) => ({ contact: r.contact, rank: r.rank, score: r.finalScore, explain: r.explain })),
      exceptionMatchingDomain: applied.exceptionMatchingDomain || noOwnerDomain,
      cleaning,
      bookUploads: uploads,
      bookBatches: batchIds,
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  }

  /**
   * Replaces a source (`replace_source=1`): deletes the user's uploads of `sourceKey` stored before the
   * upload `seq` (the newest copy of that source), and rebuilds the user's key index from the uploads
   * that stay, in one transaction. A daily sync of a phone book then shows what the phone holds now: a
   * contact deleted there, a number changed, a card renamed leave no stale copy behind (a stale copy of a
   * renamed card sharing its number made the number look shared: two rows, and an invite to that number
   * filtered neither). Records (invites, app users, suggestions shown) stay. Returns how many uploads went.
   * Read again when the book changed meanwhile; a book deleted meanwhile stays deleted. When nothing
   * goes, `out.otherOwners` is how many earlier uploads of the same type name another owner (a sync that
   * began sending `source.email` beside its phone is another source: the caller warns that nothing was
   * replaced).
   */
  async replaceSource(
    t: Tenant,
    userId: string,
    upload: { sourceKey: string; source: SourceInput; createdAt: number },
    seq: number,
    out?: { otherOwners: number; otherTypes?: number },
  ): Promise<number> {
    // The source's keys (normalize.ts sourceKeysOf: its owner's number written nationally or in full is one source).
    const keys = new Set(sourceKeysOf(upload.source, this.config.defaultRegion));
    const same = (u: StoredUpload) => keys.has(u.sourceKey) || sourceKeysOf(u.source, this.config.defaultRegion).some((k) => keys.has(k));
    for (let attempt = 1; ; attempt++) {
      const stored = await this.storage.loadStoredUploads(t, userId, { raw: false });
      // Stored before it and taken in before it: a batch sent after the replacing one (taken in later)
      // stays even when it was stored first (a review: answered 200, then deleted).
      const drop = stored.filter((u) => u.seq < seq && u.createdAt < upload.createdAt && same(u)).map((u) => u.seq);
      if (drop.length === 0) {
        if (out !== undefined) {
          const type = typeOfSourceKey(upload.sourceKey);
          out.otherOwners = stored.filter((u) => u.seq < seq && u.createdAt < upload.createdAt && typeOfSourceKey(u.sourceKey) === type).length;
          // The same owner under another type (or none): an app that began sending `source.type` (a probe:
          // `{phone}` then `{type: "ios", phone}` replaced nothing, the deleted contact stayed, silently).
          const owners = new Set([...keys].map(ownerOfSourceKey).filter((o) => o !== '-'));
          out.otherTypes = stored.filter(
            (u) => u.seq < seq && u.createdAt < upload.createdAt && typeOfSourceKey(u.sourceKey) !== type && owners.has(ownerOfSourceKey(u.sourceKey)),
          ).length;
        }
        return 0;
      }
      const keep = stored
        .filter((u) => !drop.includes(u.seq))
        .map((u) => {
          const normalized = decodeEntries(u.normalized);
          return { seq: u.seq, sourceKey: u.sourceKey, normalized, ownerKeys: u.ownerKeys, keyStats: indexedKeyStatsOf(normalized) };
        });
      if (await this.storage.rewriteBook(t, userId, keep, { drop, derivedUnchanged: true })) return drop.length;
      if (attempt >= 5) throw new StorageError('busy', 'The book kept changing while its source was replaced.');
    }
  }

  /**
   * Whether a ranking made while the upload `seq` was being stored saw the book as it stood once that
   * upload was committed: the very uploads stored up to it (their batch ids). Not so when
   * another upload of the user committed first, unseen, or a DELETE ran in between (a probe: a POST
   * answered 1,202 rows, two of them deleted meanwhile, of a book that ended with 1,200).
   */
  async sawCommittedBook(t: Tenant, userId: string, seq: number, view: RankedView): Promise<boolean> {
    const stored = await this.storage.batchIdsUpTo(t, userId, seq);
    const seen = new Set(view.bookBatches);
    return stored.length === seen.size && stored.every((b) => seen.has(b));
  }

  async delete(t: Tenant, userId: string): Promise<void> {
    const existed = await this.storage.deleteBook(t, userId);
    if (!existed) throw new ServiceError('address_book_not_found', `No address book is stored for user ${JSON.stringify(userId)}.`);
  }
}

/** The wire form of a ranked contact (decisions.md: lists always present, display forms). */
export function toWire(row: RankedRow) {
  const c = row.contact;
  // Arrays of their exact length, filled by index: a map or a push reserves room for more, and this runs
  // for every row of every answer (the same arrays, half the time for 10,000 rows).
  const ce = c.emails;
  const emails: string[] = new Array(ce.length);
  for (let i = 0; i < ce.length; i++) emails[i] = ce[i]!.display;
  // Only numbers that read as numbers (a key: in full, or national-only): a string the phone reader gave
  // no key (`911`, `*123#`, a date, a placeholder `123-456-7890`, a note) is no way to reach the person,
  // and an app texting `phone` must never text 911 (a probe). It stays stored with the upload; a row with
  // nothing else to invite names such strings in `unusable.phones`. (A review: judging the written form
  // here showed placeholders and notes in capitals.)
  const cp = c.phones;
  let keyed = 0;
  for (let i = 0; i < cp.length; i++) if (cp[i]!.key !== null) keyed++;
  const phones: string[] = new Array(keyed);
  for (let i = 0, j = 0; i < cp.length; i++) if (cp[i]!.key !== null) phones[j++] = cp[i]!.display;
  const out: Record<string, unknown> = {
    // A card kept on the owner's evidence with nothing to invite is named by what it has: its nickname or
    // company (a probe: a JSON card of only a nickname was a row naming no one).
    name: c.name ?? (c.unusable !== undefined ? (c.nickname ?? c.company) : null),
    email: emails[0] ?? null,
    emails,
    phone: phones[0] ?? null,
    phones,
    data: c.data,
    rank: row.rank,
    score: row.score,
  };
  // On the wire with 6 decimals as `score` is (3.044522437723423 said nothing the reader could use); the
  // parts then add up to `score` within a millionth or two.
  if (row.explain) {
    const ex: Record<string, number> = {};
    for (const k in row.explain) ex[k] = roundScore(row.explain[k]!);
    out.explain = ex;
  }
  if (c.unusable !== undefined)
    out.unusable =
      c.unusable.phones === undefined
        ? { reason: c.unusable.reason, emails: c.unusable.emails }
        : { reason: c.unusable.reason, emails: c.unusable.emails, phones: c.unusable.phones };
  return out;
}

/**
 * The weights of what other users' books and invites say of a contact. `accepted`: an invite of any user
 * of the app accepted by the contact (a review: weighed by hand, it told a client key whom other users
 * had invited).
 */
const CROSS_USER_WEIGHTS = ['known_by', 'reciprocal', 'reciprocal_frequency', 'reciprocal_recency', 'accepted'] as const;

/** The weights with the cross-user signals at 0 (RankOptions.ownBookOnly): nothing of other users' books or invites is read or weighed. */
function ownBookWeights(w: Weights): Weights {
  if (CROSS_USER_WEIGHTS.every((k) => w[k] === 0)) return w;
  const out = { ...w };
  for (const k of CROSS_USER_WEIGHTS) out[k] = 0;
  return out;
}

/** The type a stored source key starts with (normalize.ts sourceKey: `type:…`; types hold no ':', validate.ts). */
function typeOfSourceKey(key: string): string {
  const colon = key.indexOf(':');
  return colon < 0 ? key : key.slice(0, colon);
}

/** The owner part of a source key (sourceKey: `e:…`, `p:…`, `n:…`, or `-` for none). */
function ownerOfSourceKey(key: string): string {
  const colon = key.indexOf(':');
  return colon < 0 ? '-' : key.slice(colon + 1);
}
