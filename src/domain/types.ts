import type { CountryCode } from 'libphonenumber-js';
/**
 * Domain types shared by the pure core (normalise, merge, classify, rank), the HTTP layer and storage.
 * Everything here is plain, JSON-serialisable data: no classes, no Dates (times are epoch milliseconds).
 */

/** Upload source as given by the client (already schema-validated and coerced). */
export interface SourceInput {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  /** One of 'ios' | 'gmail' | 'android' after coercion ('google' is read as 'gmail'). */
  type?: string | null;
  /**
   * The region (ISO 3166 alpha-2, upper-case after coercion) the upload's national numbers are read in
   * when `phone` gives none: a contacts file has no owner's phone. Not part of the source's identity.
   */
  region?: string | null;
}

export interface AddressInput {
  po_box?: string | null;
  street?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
  type?: string | null;
}

/** One address-book entry as the client sent it (after schema validation; optional fields may be null). */
export interface EntryInput {
  name?: string | null;
  emails?: string[] | null;
  email?: string | null;
  phones?: string[] | null;
  phone?: string | null;
  photos?: string[] | null;
  data?: Record<string, unknown> | null;
  nickname?: string | null;
  title?: string | null;
  company?: string | null;
  is_favorite?: number | boolean | string | null;
  pinned?: number | null;
  times_contacted?: number | null;
  last_message_sent_date?: string | number | null;
  last_message_received_date?: string | number | null;
  addresses?: AddressInput[] | null;
  websites?: { url: string; type: string }[] | null;
  ims?: { name: string; protocol?: string | null; type?: string | null }[] | null;
}

/** Why an address is considered junk (nobody reads it / nobody to invite). */
export type JunkReason = 'no_reply' | 'mailer_daemon' | 'bounce' | 'notification' | 'relay' | 'listing' | 'bulk_platform' | 'disposable' | 'role' | 'invalid';

export interface NormEmail {
  /** As uploaded, trimmed: what is shown back to the client. */
  display: string;
  /** Matching key: lower-cased, provider rules applied where the provider really applies them. */
  key: string;
  /** Domain part of the key (lower-case). */
  domain: string;
  /** Non-null when the address is junk; such an address never makes a contact invitable. */
  junk: JunkReason | null;
  /**
   * True when the local part names a role mailbox (info@, sales@, support@, ...). Not junk on its own:
   * a small company's info@ is often the person the user writes to. The ranker may weigh it down, and
   * merge drops a contact whose only addresses are role mailboxes that only ever sent to the user.
   */
  role?: boolean;
  /**
   * The display name its item carried, set only on the addresses of a list of several people in one
   * entry (`Doe, Jane <jane@x>, Roe, Rick <rick@x>`, a To: header pasted into one field): items named
   * with names that cannot be one person (merge/names.ts namesCompatible). The merge reads each such
   * person as a card of their own (merge/split.ts). Absent on every other address (and in books stored
   * before): the entry is one person, as it always was.
   */
  name?: string;
}

export interface NormPhone {
  /** E.164 when it could be normalised, else the upload trimmed. */
  display: string;
  /**
   * Matching key, or null when the number must never merge people (extensions, short codes, garbage).
   * 'p:+E164' for full numbers, 'n:<digits>' for numbers without a known country (match only within the same book).
   */
  key: string | null;
  /**
   * Another reading of an ambiguous number ('p:+E164'): one written in another country's national format
   * or with another country's international prefix ("8 (916) …", "011 44 …" in a German book), or a whole
   * JSON number both readings of which are valid. Only links the entry to a card of the same book that
   * holds exactly this key (merge/links.ts indexKeys), never a key of its own. Absent for most numbers.
   */
  alt?: string;
}

/** One entry after cleaning. Stored beside the raw entry so a merge never has to re-parse. */
export interface NormalizedEntry {
  name: string | null;
  nickname: string | null;
  title: string | null;
  company: string | null;
  emails: NormEmail[];
  phones: NormPhone[];
  photos: string[];
  data: Record<string, unknown>;
  favorite: boolean;
  /** 0 when not pinned; any integer the client sent otherwise. */
  pinned: number;
  /** null = unknown (absent, or 0 in an upload that counts nobody: phones stopped reporting it); 0 = never written to. */
  timesContacted: number | null;
  /** Epoch ms, or null. */
  lastSent: number | null;
  lastReceived: number | null;
  addressCount: number;
  websiteCount: number;
  imCount: number;
  /** Identifies the source the entry came from (see sourceKey()). */
  sourceKey: string;
}

/** A merged person: every entry of the book that shares a normalised e-mail or phone (transitively, guarded). */
export interface Contact {
  /** Stable within one computation: index in the merged list. */
  id: number;
  name: string | null;
  nickname: string | null;
  title: string | null;
  company: string | null;
  /** Distinct addresses (one per key), display form, usable (non-junk) ones first. */
  emails: NormEmail[];
  phones: NormPhone[];
  photos: string[];
  /** Shallow merge of the entries' data objects, later upload wins. */
  data: Record<string, unknown>;
  favorite: boolean;
  pinned: number;
  timesContacted: number | null;
  lastSent: number | null;
  lastReceived: number | null;
  addressCount: number;
  websiteCount: number;
  imCount: number;
  /**
   * Number of distinct sources, and of entries of the book counted in this contact. An entry whose
   * e-mails list several people (NormEmail.name) gives each of them, and is counted with one only
   * (merge/split.ts): so a contact made of nothing but another person of such a list counts 0.
   */
  sourceCount: number;
  entryCount: number;
  /**
   * Of those entries, the distinct cards: copies of one card (the same source sent again, a daily sync)
   * count once. What the `entries` feature counts; entryCount when absent.
   */
  cardCount?: number;
  /** Every matching key of the contact ('e:...', 'p:...', 'n:...'). */
  keys: string[];
  /** True when the contact has nothing to invite (no usable e-mail and no usable phone) or is a bulk sender. */
  junk: boolean;
  junkReason: JunkReason | 'nothing_to_invite' | 'bulk_sender' | 'self' | null;
  /**
   * Set on a contact kept although nothing of it can be invited, because the owner wrote to it, starred
   * or pinned it: why ('invalid': its e-mails are no addresses; 'nothing_to_invite': it has none, or only
   * numbers that cannot be called) and the e-mail strings as written. Absent otherwise.
   */
  unusable?: { reason: 'invalid' | 'nothing_to_invite'; emails: string[]; phones?: string[] };
  /**
   * Set on a contact kept (the owner wrote to it, starred it, saved it on purpose) that still reads as a
   * brand's or a desk's mailbox, not a person's (junk.ts readsAsSender): ranked after the people of its
   * group (options.ts). Absent otherwise.
   */
  sender?: true;
  /**
   * Set on a contact named with the owner's full name word for word (two words or more, any order), or
   * as phones name the owner's own card (`My number`, `Me`, `Mein Handy`), that holds none of the owner's
   * addresses or numbers: mostly the owner's own other mailbox or SIM (a personal address beside the work
   * one, written to whenever the owner sends themselves something), which ranked first of the owner's own
   * list; a namesake is possible, so it is kept and ranked after the people of its group (options.ts,
   * `own_name` in explain). Absent otherwise.
   */
  ownName?: true;
  /** Indexes (in the merged entry list) of the entries of a junk contact; absent on the others. */
  entryIndexes?: number[];
  /**
   * Of a junk contact: the entries listing several people that named it but are counted with another of
   * their people (merge/split.ts countEntries), by index in the merged entry list, one per time named.
   * The cleaning summary lists them (list_people_left_out): a person an entry names, left out, is said so
   * though the entry itself is not left out. Absent when none.
   */
  listItemIndexes?: number[];
}

/** The owner of a book, as known from the sources of its uploads. */
export interface Owner {
  names: string[];
  /** Matching keys of the owner's addresses and phones. */
  keys: string[];
  /** Lower-case domains of the owner's e-mail addresses. */
  emailDomains: string[];
  /** E.164 phone of the owner, used for the default phone region. */
  phone: string | null;
  /**
   * The region the book reads its numbers in: the country of the newest source that gives one (its
   * phone's country, else its `region`); null when none does (the server's default applies).
   */
  region: CountryCode | null;
}

/** Per-key statistics of one user's book, used for cross-user signals (who knows whom). */
export interface KeyStat {
  key: string;
  /** Max times_contacted seen for this key in this user's book (0 when unknown). */
  times: number;
  lastSent: number | null;
  lastReceived: number | null;
}

/** What the app knows about the keys of one user's book, beyond the book itself. */
export interface BookSignals {
  /** key -> number of OTHER users of the tenant whose book holds that key. */
  knownBy: Map<string, number>;
  /**
   * key of a contact -> how that contact's own book (a user of the tenant whose owner key is `key`)
   * records the owner: times contacted and dates. Present only where the contact is a user with a book
   * that holds one of the owner's keys.
   */
  reciprocal: Map<string, KeyStat>;
  /** Keys that belong to recorded app users. */
  appUserKeys: Set<string>;
  /** Keys this user has sent invites to -> newest sent time. */
  invitedKeys: Map<string, number>;
  /** Keys whose invite (by anyone in the tenant) was accepted. */
  acceptedKeys: Set<string>;
  /** Keys already suggested to this user -> newest seen time. */
  seenKeys: Map<string, number>;
}

/**
 * Which parts of BookSignals a ranking can use, and so are looked up (signalsUsed in options.ts); a part
 * not wanted is left empty. `any`: at least one part.
 */
export interface SignalsWanted {
  any: boolean;
  knownBy: boolean;
  reciprocal: boolean;
  appUsers: boolean;
  invited: boolean;
  accepted: boolean;
  seen: boolean;
}
