/**
 * Warnings about an upload's fields that Kith does not know. Such fields are accepted (newer and older
 * clients send their own; the raw upload keeps them) but a typo ("emial") would otherwise lose a
 * person's address without a word, so each one is named in `meta.warnings`, with the known field it is
 * closest to. Aggregated by field name (count, first indexes), and bounded whatever the upload's size.
 */
import { makeSchemas } from '../http/schemas.ts';

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

/** Indexes listed per warning, and distinct unknown field names reported per place: bounds on the answer. */
const MAX_INDEXES = 5;
const MAX_FIELDS = 20;

// The field names the schemas know (the limits do not change the names).
const S = makeSchemas({ maxEntriesPerUpload: 1, maxStringLength: 1 });
const TOP = Object.keys(S.UploadBody.properties);
const SOURCE = Object.keys(S.Source.properties);
const ENTRY = Object.keys(S.Entry.properties);
const TOP_SET = new Set(TOP);
const SOURCE_SET = new Set(SOURCE);
const ENTRY_SET = new Set(ENTRY);

/** The unknown fields of an upload body (already schema-validated: objects where the schema says so). */
export function unknownFieldWarnings(body: Record<string, unknown>): FieldWarning[] {
  const out: FieldWarning[] = [];
  const top = new Map<string, Seen>();
  for (const k in body) if (!TOP_SET.has(k)) note(top, k, -1);
  report(out, top, '', TOP);
  const source = body.source;
  if (source !== null && typeof source === 'object') {
    const seen = new Map<string, Seen>();
    for (const k in source as Record<string, unknown>) if (!SOURCE_SET.has(k)) note(seen, k, -1);
    report(out, seen, 'source.', SOURCE);
  }
  const entries = body.entries;
  if (Array.isArray(entries)) {
    const seen = new Map<string, Seen>();
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i] as Record<string, unknown> | null;
      if (e === null || typeof e !== 'object') continue;
      for (const k in e) if (!ENTRY_SET.has(k)) note(seen, k, i);
    }
    report(out, seen, 'entries[].', ENTRY);
  }
  return out;
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

function report(out: FieldWarning[], seen: Map<string, Seen>, prefix: string, known: readonly string[]): void {
  for (const [field, s] of seen) {
    const w: FieldWarning =
      field === '*'
        ? { field: prefix + '*', message: `more unknown fields (${s.count} in all), ignored`, count: s.count }
        : { field: prefix + field, message: 'unknown field, ignored (kept with the raw upload)', count: s.count };
    if (prefix === 'entries[].') w.indexes = s.indexes;
    const guess = field === '*' ? null : closest(field, known);
    if (guess !== null) {
      w.did_you_mean = guess;
      w.message = `unknown field, ignored (kept with the raw upload); did you mean "${guess}"?`;
    }
    out.push(w);
  }
}

/**
 * The known field closest to `field`: the same ignoring case and separators ("Email", "is-favorite"),
 * else within an edit distance of 2 (1 for names of 4 characters or fewer), transpositions counting 1.
 */
export function closest(field: string, known: readonly string[]): string | null {
  const f = fold(field);
  for (const k of known) if (fold(k) === f) return k;
  const synonym = SYNONYMS.get(f);
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
    email: ['emailaddress', 'mailaddress', 'primaryemail', 'emailaddresses', 'workemail', 'homeemail', 'otheremail', 'mails'],
    phone: ['phonenumber', 'telephone', 'tel', 'telephonenumber', 'mobile', 'mobilephone', 'mobilenumber', 'cell', 'cellphone', 'msisdn', 'number'],
    phones: ['phonenumbers', 'telephones', 'numbers', 'mobiles', 'tels'],
    name: ['fullname', 'displayname', 'firstname', 'lastname', 'givenname', 'familyname', 'surname', 'contactname'],
    is_favorite: ['starred', 'isstarred', 'star', 'favorite', 'favourite', 'fav', 'isfav'],
    company: ['organization', 'organisation', 'org', 'employer'],
    title: ['jobtitle', 'position', 'role'],
    photos: ['photo', 'avatar', 'picture', 'image'],
  }).flatMap(([field, names]) => names.map((n) => [n, field] as [string, string])),
);

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
