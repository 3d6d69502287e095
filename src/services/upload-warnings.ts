/**
 * Warnings about an upload's fields that Kith does not know. Such fields are accepted (newer and older
 * clients send their own; the raw upload keeps them) but a typo ("emial") would otherwise lose a
 * person's address without a word, so each one is named in `meta.warnings`, with the known field it is
 * closest to. Aggregated by field name (count, first indexes), and bounded whatever the upload's size.
 */
import { makeSchemas } from '../http/schemas.ts';
import { normalizeEmail } from '../domain/email.ts';
import { normalizePhone, type CountryCode } from '../domain/phone.ts';
import type { EntryInput, SourceInput } from '../domain/types.ts';
import type { DuplicateKey } from './json-body.ts';
import { MAX_INDEXES, OTHER_FIELD_KEYS, readOtherFields, type OtherFields } from './lenient.ts';

/** One warning of `meta.warnings`. */
export interface FieldWarning {
  /** Where: `emial` (top level), `source.emial`, or `entries[].emial` (any entry). */
  field: string;
  message: string;
  /** How many times (entries holding it, for `entries[]`). */
  count: number;
  /** The first few entry indexes holding it (entries only). */
  indexes?: number[];
  /** The known field it most likely means, when one is close. */
  did_you_mean?: string;
}

/** Distinct unknown field names reported per place: a bound on the answer (indexes per warning: MAX_INDEXES). */
const MAX_FIELDS = 20;

// The field names the schemas know (the limits do not change the names).
const S = makeSchemas({ maxEntriesPerUpload: 1, maxStringLength: 1 });
const TOP = Object.keys(S.UploadBody.properties);
const SOURCE = Object.keys(S.Source.properties);
const ENTRY = Object.keys(S.Entry.properties);
const TOP_SET = new Set(TOP);
const SOURCE_SET = new Set(SOURCE);
const ENTRY_SET = new Set(ENTRY);
/** The item fields of an entry's lists of objects, by list: an unknown one (`zip`, `link`) is named as the entry's own are. */
const ITEM_FIELDS = new Map<string, { known: string[]; set: Set<string> }>(
  (['addresses', 'websites', 'ims'] as const).map((k) => {
    // Opt(Type.Array(item)): the array is the union's first member.
    const list = S.Entry.properties[k] as unknown as { anyOf: [{ items: { properties: object } }] };
    const known = Object.keys(list.anyOf[0].items.properties);
    return [k, { known, set: new Set(known) }];
  }),
);

/**
 * The owner's own e-mail and phone (`source.email`, `source.phone`) that are given but cannot be read:
 * accepted as before (compatibility), and said, since what they do is then silently not done. The owner's
 * own cards are not recognised by them, `promote_matching_domain=1` has no domain, and without the
 * phone's country the book's numbers written without one are read in `region` (the source's, else the
 * server's default) or in none.
 */
export function sourceFieldWarnings(source: SourceInput, region: CountryCode | null): FieldWarning[] {
  const out: FieldWarning[] = [];
  const email = typeof source.email === 'string' ? source.email.trim() : '';
  if (email !== '' && normalizeEmail(email) === null) {
    out.push({ field: 'source.email', message: "is no e-mail address Kith can read: the owner's own address is not known from it", count: 1 });
  }
  const phone = typeof source.phone === 'string' ? source.phone.trim() : '';
  // Read as the book's own numbers are (`region`: the phone's own country, else the source's or the
  // server's): unreadable, or a number whose country is known neither from it nor from the book.
  const read = phone === '' ? null : normalizePhone(phone, region);
  if (phone !== '' && !read?.key?.startsWith('p:')) {
    const where = region === null ? 'in no country (kept as written)' : `in ${region}`;
    const what = read?.key ? 'names no country Kith can read' : 'is no phone number Kith can read';
    out.push({
      field: 'source.phone',
      message: `${what}: the owner's own number is not known from it, and the book's numbers written without a country are read ${where}`,
      count: 1,
    });
  }
  return out;
}

/** The unknown fields of an upload body (already schema-validated: objects where the schema says so). */
export function unknownFieldWarnings(body: Record<string, unknown>): FieldWarning[] {
  return readUploadFields(body).warnings;
}

/**
 * The fields of an upload body that the schema does not name: the warnings about them, and the Kith
 * fields of the entries that have none of their own but name the person, their addresses or their
 * company in other fields (`first_name` and `last_name`, `display_name`, the SDKs' `emailAddresses`,
 * `phoneNumbers`, `jobTitle` …: lenient.ts, readOtherFields), by entry index. Those fields are then
 * read, and named as read (or as not read: a fax, an item with nothing usable); every other one as
 * unknown. One pass over the entries' own fields, as before: a well-formed entry (no unknown field)
 * costs nothing more, and only an entry holding one of those fields is looked at again.
 */
export function readUploadFields(body: Record<string, unknown>): {
  warnings: FieldWarning[];
  fields: Map<number, Partial<EntryInput>>;
  /** By entry index: the other field each read field came from (readOtherFields' `from`). */
  from: Map<number, OtherFields['from']>;
} {
  const fields = new Map<number, Partial<EntryInput>>();
  const from = new Map<number, OtherFields['from']>();
  const out: FieldWarning[] = [];
  const top = new Map<string, Seen>();
  for (const k in body) if (!TOP_SET.has(k)) note(top, k, -1);
  report(out, top, '', TOP, SOURCE_GUESS);
  const source = body.source;
  if (source !== null && typeof source === 'object') {
    const seen = new Map<string, Seen>();
    for (const k in source as Record<string, unknown>) if (!SOURCE_SET.has(k)) note(seen, k, -1);
    report(out, seen, 'source.', SOURCE);
  }
  const entries = body.entries;
  if (Array.isArray(entries)) {
    const seen = new Map<string, Seen>();
    // Unknown fields of the items of an entry's lists of objects (`addresses[].zip`), by list.
    const items = new Map<string, Map<string, Seen>>();
    // Fields read (or looked at and not read), by field and message: a bounded set of both.
    const read = new Map<string, Seen & { field: string; message: string }>();
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i] as Record<string, unknown> | null;
      if (e === null || typeof e !== 'object') continue;
      let other = false;
      for (const k in e) {
        if (ENTRY_SET.has(k)) {
          const list = e[k];
          if (Array.isArray(list) && list.length > 0) {
            const fieldsOf = ITEM_FIELDS.get(k);
            if (fieldsOf !== undefined) noteItems(items, k, fieldsOf.set, list, i);
          }
          continue;
        }
        if (OTHER_FIELD_KEYS.has(k)) other = true;
        else note(seen, k, i);
      }
      if (!other) continue;
      // The person, their addresses or company may be in other fields: those read are named as read, the
      // others (a Kith field of theirs was given, or they hold nothing of the kind) as unknown.
      const r = readOtherFields(e);
      if (Object.keys(r.fields).length > 0) {
        fields.set(i, r.fields);
        from.set(i, r.from);
      }
      for (const k in e) {
        if (!OTHER_FIELD_KEYS.has(k)) continue;
        let noted = false;
        for (const n of r.notes) {
          if (n.key !== k) continue;
          noted = true;
          const key = `${k}\u0000${n.message}`;
          let s = read.get(key);
          if (s === undefined) read.set(key, (s = { field: k, message: n.message, count: 0, indexes: [] }));
          s.count++;
          if (s.indexes.length < MAX_INDEXES) s.indexes.push(i);
        }
        // An empty one (an SDK's `homePhones: []`, `null`) loses nothing: no warning.
        if (!noted && !isEmpty(e[k])) note(seen, k, i);
      }
    }
    for (const s of read.values()) out.push({ field: `entries[].${s.field}`, message: s.message, count: s.count, indexes: s.indexes });
    report(out, seen, 'entries[].', ENTRY);
    for (const [k, s] of items) report(out, s, `entries[].${k}[].`, ITEM_FIELDS.get(k)!.known);
  }
  return { warnings: out, fields, from };
}

/**
 * The unknown fields of a record batch's items (invites, app users, suggestions shown: `known` are the
 * item's fields), as for an upload's entries: a misspelt "emial" beside a usable phone would otherwise
 * lose the address without a word.
 */
export function recordFieldWarnings(entries: readonly unknown[], known: readonly string[]): FieldWarning[] {
  const set = new Set(known);
  const seen = new Map<string, Seen>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i] as Record<string, unknown> | null;
    if (e === null || typeof e !== 'object') continue;
    for (const k in e) if (!set.has(k)) note(seen, k, i);
  }
  const out: FieldWarning[] = [];
  report(out, seen, 'entries[].', known);
  // A record is not kept as received (an upload is): its unknown fields are only ignored.
  return ignoredOnly(out);
}

/**
 * The fields of a small request body (an object: POST /v0/client-key, /v0/alias) that its route does not
 * read: named, with a did-you-mean, and ignored (a probe: `{"user_id": "a", "ttl": -5}` was a 200 saying
 * nothing of `ttl`, and `phones` beside an alias's `emails` vanished).
 */
export function bodyFieldWarnings(body: unknown, known: readonly string[]): FieldWarning[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  const set = new Set(known);
  const seen = new Map<string, Seen>();
  for (const k in body as Record<string, unknown>) if (!set.has(k)) note(seen, k, -1);
  const out: FieldWarning[] = [];
  report(out, seen, '', known);
  // Nothing of such a body is kept as received (an upload is): its unknown fields are only ignored.
  return ignoredOnly(out);
}

/** The warnings of report() for a body not kept as received: its unknown fields are only ignored. */
function ignoredOnly(out: FieldWarning[]): FieldWarning[] {
  for (const w of out) w.message = w.message.replace(' (kept with the raw upload)', '');
  return out;
}

/** The unknown fields of one entry's list of objects (already schema-validated: each item an object). */
function noteItems(items: Map<string, Map<string, Seen>>, list: string, known: Set<string>, values: unknown[], index: number): void {
  let unknown: Set<string> | null = null;
  for (const item of values) {
    if (item === null || typeof item !== 'object') continue;
    for (const f in item as Record<string, unknown>) if (!known.has(f)) (unknown ??= new Set()).add(f);
  }
  if (unknown === null) return;
  let seen = items.get(list);
  if (seen === undefined) items.set(list, (seen = new Map()));
  // One entry's several addresses with a `zip` count it once.
  for (const f of unknown) note(seen, f, index);
}

/** null, a blank string or an empty list. */
function isEmpty(v: unknown): boolean {
  return v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

interface Seen {
  count: number;
  indexes: number[];
}

function note(seen: Map<string, Seen>, field: string, index: number): void {
  let s = seen.get(field);
  if (s === undefined) {
    // Past the bound, every further name is counted under one key (no map of 100k distinct names).
    if (seen.size >= MAX_FIELDS) field = '*';
    s = seen.get(field);
    if (s === undefined) seen.set(field, (s = { count: 0, indexes: [] }));
  }
  s.count++;
  if (index >= 0 && s.indexes.length < MAX_INDEXES) s.indexes.push(index);
}

/**
 * The source's fields, guessed for a top-level name no top-level field is close to: `region`, `country`
 * or `phone` beside `source` (a probe: `region: "DE"` at the top was ignored with no did-you-mean, and
 * every national number was kept as written).
 */
const SOURCE_GUESS = { prefix: 'source.', known: SOURCE };

function report(
  out: FieldWarning[],
  seen: Map<string, Seen>,
  prefix: string,
  known: readonly string[],
  also?: { prefix: string; known: readonly string[] },
): void {
  for (const [field, s] of seen) {
    const w: FieldWarning =
      field === '*'
        ? { field: prefix + '*', message: `more unknown fields (${s.count} in all), ignored`, count: s.count }
        : { field: prefix + field, message: 'unknown field, ignored (kept with the raw upload)', count: s.count };
    if (prefix.startsWith('entries[].')) w.indexes = s.indexes;
    let guess = field === '*' ? null : closest(field, known);
    if (guess === null && also !== undefined && field !== '*') {
      const other = closest(field, also.known);
      if (other !== null) guess = also.prefix + other;
    }
    if (guess !== null) {
      w.did_you_mean = guess;
      w.message = `unknown field, ignored (kept with the raw upload); did you mean "${guess}"?`;
    }
    out.push(w);
  }
}

/**
 * How a route reads its query string, for queryWarnings(): the options it reads, those it knows but
 * ignores there (each with why), and what the warning of an unknown one adds.
 */
export interface QueryRules {
  /** The query options the route reads. */
  read: readonly string[];
  /** Known options the route ignores in its query, with the reason (the warning's message). */
  ignored?: Readonly<Record<string, string>>;
  /** Appended to "unknown query option, ignored" (before the did-you-mean). */
  note?: string;
  /** The names a misspelling is matched against (default: `read`). */
  suggest?: readonly string[];
}

/** The query options of GET /v0/address-book(/:user_id): the ranking options and include_left_out. */
export const RANK_QUERY_OPTIONS: readonly string[] = Object.keys(S.RankQuery.properties);

/** GET of a book: it reads the ranking options; `backfill` is an upload's option, of no effect here. */
export const BOOK_QUERY_RULES: QueryRules = {
  read: RANK_QUERY_OPTIONS,
  ignored: {
    backfill: 'has no effect on GET (backfill applies to uploads), ignored',
    replace_source: 'has no effect on GET (replace_source applies to uploads), ignored',
  },
};

/** POST /v0/address-book-file: the upload's options are its query (the body is the file), with the user and the format. */
export const FILE_QUERY_RULES: QueryRules = { read: ['user_id', 'format', 'region', ...RANK_QUERY_OPTIONS, 'backfill', 'replace_source'] };

/**
 * POST /v0/address-book takes every field, its options included, in the JSON body: nothing of its query
 * is read. A known field in the query is named as such (a client that put `limit` there would
 * otherwise get the whole list without a word); an unknown one as on GET, its did-you-mean among the
 * body's fields.
 */
export const UPLOAD_QUERY_RULES: QueryRules = {
  read: [],
  ignored: Object.fromEntries(TOP.map((k) => [k, 'ignored in the query: POST /v0/address-book reads it from the JSON body'])),
  note: 'POST /v0/address-book reads its options from the JSON body',
  suggest: TOP,
};

/**
 * The warnings about a request's query options that the route does not read (never an error: a client
 * may send options that a newer or older server knows, compatibility): each one named, with its count
 * (a repeated option counts each time) and, for an unknown one, the option it most likely means. The
 * shape and bounds of the upload's unknown-field warnings.
 */
export function queryWarnings(query: unknown, rules: QueryRules): FieldWarning[] {
  if (query === null || typeof query !== 'object') return [];
  const out: FieldWarning[] = [];
  const ignored = new Map<string, Seen>();
  const unknown = new Map<string, Seen>();
  const read = new Set(rules.read);
  for (const k of Object.keys(query)) {
    if (read.has(k)) continue;
    const v = (query as Record<string, unknown>)[k];
    const place = rules.ignored !== undefined && Object.hasOwn(rules.ignored, k) ? ignored : unknown;
    // A repeated option is a list: each time it is given counts.
    const times = Array.isArray(v) ? Math.max(1, v.length) : 1;
    for (let i = 0; i < times; i++) note(place, k, -1);
  }
  for (const [field, s] of ignored) out.push({ field, message: rules.ignored?.[field] ?? 'ignored', count: s.count });
  const suffix = rules.note === undefined ? '' : ` (${rules.note})`;
  for (const [field, s] of unknown) {
    if (field === '*') {
      out.push({ field: '*', message: `more unknown query options (${s.count} in all), ignored${suffix}`, count: s.count });
      continue;
    }
    const w: FieldWarning = { field, message: `unknown query option, ignored${suffix}`, count: s.count };
    const guess = closest(field, rules.suggest ?? rules.read);
    if (guess !== null) {
      w.did_you_mean = guess;
      w.message = `unknown query option, ignored${suffix}; did you mean "${guess}"?`;
    }
    out.push(w);
  }
  return out;
}

/**
 * The warning of a JSON body that was not valid UTF-8: its invalid byte sequences were read as U+FFFD
 * (and stored so), which the client should know. `count`: how many sequences were replaced. Names no
 * data, only the fact.
 */
export function invalidUtf8Warning(count: number): FieldWarning {
  return {
    field: 'body',
    message: `the body is not valid UTF-8: ${count} invalid byte sequence${count === 1 ? ' was' : 's were'} replaced by U+FFFD (and stored so); send UTF-8`,
    count,
  };
}

/**
 * The warnings of names a JSON body gave more than once in one object (json-body.ts duplicateKeys): JSON
 * keeps the last value of a name, and the others were not read. Names no data, only where.
 */
export function duplicateKeyWarnings(found: readonly DuplicateKey[]): FieldWarning[] {
  return found.map((d) => ({
    field: d.field,
    message:
      d.field === '*'
        ? `more names given twice in one object (${d.count} in all): only the last value of each was read`
        : 'given more than once in one object: only the last value was read (JSON keeps one value per name), the others were not',
    count: d.count,
    ...(d.indexes !== undefined ? { indexes: d.indexes } : {}),
  }));
}

/**
 * The known field closest to `field`: the same ignoring case and separators ("Email", "is-favorite"),
 * else within an edit distance of 2 (1 for names of 4 characters or fewer), transpositions counting 1.
 */
export function closest(field: string, known: readonly string[]): string | null {
  const f = fold(field);
  // Google Contacts' CSV columns name the field and its item: "E-mail 1 - Value", "Phone 2 - Value".
  const item = /^(.+?)\d+value$/.exec(f);
  if (item !== null) return closest(item[1]!, known);
  for (const k of known) if (fold(k) === f) return k;
  const synonym = SYNONYMS.get(f) ?? nearSynonym(f);
  if (synonym !== undefined && known.includes(synonym)) return synonym;
  const max = f.length <= 4 ? 1 : 2;
  let best: string | null = null;
  let bestD = max + 1;
  for (const k of known) {
    const d = distance(f, fold(k), max);
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return best;
}

/**
 * What exporters and other APIs call Kith's fields (folded as fold() does): too far from the name for
 * the edit distance, and the fields that lose a person when ignored (an address, a number, a star).
 */
const SYNONYMS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    email: ['emailaddress', 'mailaddress', 'primaryemail', 'workemail', 'homeemail', 'otheremail'],
    times_contacted: ['timesemailed', 'timescontacted', 'emailcount', 'sentcount', 'messagessent', 'contactcount', 'timesmailed'],
    // `last_message_date` names neither side: the sent date is the one the ranking reads as the owner's (a probe found no suggestion).
    last_message_sent_date: [
      'lastcontacted',
      'lastsent',
      'lastemailed',
      'lastcontact',
      'lastsentdate',
      'lastmessagesent',
      'lastmessagedate',
      'lastmessage',
      'lastcontacteddate',
      'lastinteraction',
      'lastinteractiondate',
    ],
    last_message_received_date: ['lastreceived', 'lastreceiveddate', 'lastmessagereceived'],
    phone: [
      'phonenumber',
      'telephone',
      'tel',
      'telephonenumber',
      'mobile',
      'mobilephone',
      'mobilenumber',
      'cell',
      'cellphone',
      'msisdn',
      'number',
      'phoneno',
      'phonenum',
      'telno',
      'mobileno',
      'workphone',
      'homephone',
      'otherphone',
      'businessphone',
      'mainphone',
      'primaryphone',
      // A messenger's number is the person's phone (a probe: a card whose only number was under
      // `whatsapp` was left out as nothing to invite, with no did-you-mean).
      'whatsapp',
      'whatsappnumber',
      'whatsappphone',
      'viber',
      'signal',
    ],
    // The source's country, as other APIs name it (a probe: `source.countryCode` had no did-you-mean).
    region: ['countrycode', 'country', 'countryiso', 'defaultcountry', 'defaultregion', 'phoneregion'],
    phones: ['phonenumbers', 'telephones', 'numbers', 'mobiles', 'tels', 'businessphones', 'homephones', 'phonelist'],
    emails: ['emailaddresses', 'mails', 'mailaddresses', 'emaillist'],
    addresses: ['postaladdress', 'postaladdresses', 'streetaddress', 'mailingaddress', 'homeaddress', 'workaddress'],
    name: ['fullname', 'displayname', 'firstname', 'lastname', 'givenname', 'familyname', 'surname', 'contactname'],
    is_favorite: ['starred', 'isstarred', 'star', 'favorite', 'favourite', 'fav', 'isfav'],
    company: ['organization', 'organisation', 'org', 'employer', 'companyname', 'organizations'],
    title: ['jobtitle', 'position', 'role'],
    photos: ['photo', 'avatar', 'picture', 'image'],
  }).flatMap(([field, names]) => names.map((n) => [n, field] as [string, string])),
);

/**
 * The field of the synonym one edit from `f` (a plural slip, "phonesnumbers" for "phonenumbers"; names
 * of 8 characters or more, where one edit names no other field), or undefined.
 */
function nearSynonym(f: string): string | undefined {
  if (f.length < 8) return undefined;
  for (const [name, field] of SYNONYMS) if (distance(f, name, 1) <= 1) return field;
  return undefined;
}

function fold(s: string): string {
  return s.toLowerCase().replace(/[-_\s.]/g, '');
}

/** Optimal string alignment distance (Damerau-Levenshtein without repeated edits), capped: > max is max + 1. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    rows[i][0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
    }
  }
  return rows[a.length][b.length];
}
