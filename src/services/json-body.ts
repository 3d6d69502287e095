/**
 * A request body's JSON, read the same way wherever it is parsed (the event loop, a book worker, `kith
 * reclean` re-reading a stored upload): keys that would be interpreted removed, 64-bit ids and integers
 * of `data` kept exactly, and the invalid-JSON error that says where the parser stopped. In the services
 * layer, so that the services (reclean, the stored raw body) and the workers both use it.
 */
import secureJson from 'secure-json-parse';
import { ServiceError } from './errors.ts';

/**
 * A JSON body: `__proto__`/`constructor` keys removed (never interpreted); empty text is "no body".
 * Throws the documented invalid_json error. `duplicates`: look for names given twice in one object
 * (duplicateKeysOf then gives them).
 */
export function parseJsonBody(text: string, opts: { duplicates?: boolean } = {}): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  try {
    // secure-json-parse scans the whole text with two regular expressions after parsing it (~2 ms for a
    // 10,000-entry upload); a key it removes is written either plainly or with a \u00XX escape, so text
    // holding none of these three strings (indexOf is far cheaper) has nothing to remove.
    const parsed =
      !trimmed.includes('__proto__') && !trimmed.includes('constructor') && !trimmed.includes('\\u00')
        ? JSON.parse(trimmed)
        : secureJson.parse(trimmed, undefined, { protoAction: 'remove', constructorAction: 'remove' });
    exactDataIntegers(parsed, trimmed);
    const out = exactBigIds(parsed, trimmed);
    // The names given twice, where the answer will say them (a POST's body): duplicateKeysOf.
    if (opts.duplicates === true && out !== null && typeof out === 'object') {
      const twice = duplicateKeys(trimmed);
      if (twice !== null) DUPLICATES.set(out, twice);
    }
    return out;
  } catch (e) {
    // The parser counts from the trimmed text: its position in the body is after the spaces trimmed.
    throw new ServiceError('invalid_json', 'The request body is not valid JSON.', [
      invalidJsonDetail(e, text.length - text.trimStart().length, trimmed.length),
    ]);
  }
}

/** A name given more than once in one object of a body: where (`entries[].email`), in how many objects, and the first entries holding it. */
export interface DuplicateKey {
  field: string;
  count: number;
  indexes?: number[];
}

/** What parseJsonBody found given twice, by the parsed body it returned. */
const DUPLICATES = new WeakMap<object, DuplicateKey[]>();

/** The names a parsed body (parseJsonBody's own result) gave more than once in one object; none: []. */
export function duplicateKeysOf(parsed: unknown): DuplicateKey[] {
  return parsed !== null && typeof parsed === 'object' ? (DUPLICATES.get(parsed) ?? []) : [];
}

/** Keys of one object compared by a scan; more through a Set. */
const SCANNED_KEYS = 16;

/** Distinct places reported, then one `*` for the rest; indexes per place. */
const MAX_DUPLICATE_FIELDS = 20;
const MAX_DUPLICATE_INDEXES = 5;

/**
 * The names given more than once in one object of a JSON text that parsed (JSON.parse keeps the last
 * value of a name and drops the others without a word: `"entries"` twice lost the first list's people, a
 * second `"email"` in an entry its first address, a second `"user_id"` put the book under another user:
 * a probe). Named by where they are (`entries`, `source.phone`, `entries[].email`, an item of a list as
 * `[]`; a body that is a list is `entries[]…`, as the records' warnings name it), with the indexes of the
 * first entries holding them. null when there are none. One pass over the text: string contents are
 * skipped with indexOf, only keys are read (about a third of JSON.parse's time on a 10,000-entry upload).
 */
export function duplicateKeys(text: string): DuplicateKey[] | null {
  // Per open container: an object's keys so far and its current key; an array's current element index.
  const keys: (string[] | null)[] = [];
  const current: string[] = [];
  const index: number[] = [];
  let top: string[] | null = null;
  // The keys of an object past SCANNED_KEYS, by its list (which then stops growing).
  const manyKeys = new Map<string[], Set<string>>();
  let expectKey = false;
  let found: Map<string, DuplicateKey> | null = null;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const start = i + 1;
      let j = text.indexOf('"', start);
      // A quote after an odd run of backslashes is inside the string.
      while (j > 0 && text.charCodeAt(j - 1) === 92) {
        let b = j - 2;
        while (b >= start && text.charCodeAt(b) === 92) b--;
        if ((j - 1 - b) % 2 === 0) break;
        j = text.indexOf('"', j + 1);
      }
      if (j < 0) break; // not reached: the text parsed
      i = j;
      if (!expectKey || top === null) continue;
      expectKey = false;
      let k = text.slice(start, j);
      if (k.includes('\\')) {
        try {
          k = JSON.parse(`"${k}"`) as string;
        } catch {
          // not reached: the text parsed
        }
      }
      const d = keys.length - 1;
      current[d] = k;
      // A short list scanned; an object of many keys through a Set (a scan per key was quadratic: a body
      // of one object with 10^6 keys).
      if (top.length < SCANNED_KEYS) {
        if (!top.includes(k)) {
          top.push(k);
          continue;
        }
      } else {
        let set = manyKeys.get(top);
        if (set === undefined) manyKeys.set(top, (set = new Set(top)));
        if (!set.has(k)) {
          set.add(k);
          continue;
        }
      }
      found ??= new Map();
      noteDuplicate(found, keys, current, index);
    } else if (c === 123) {
      keys.push((top = []));
      current.push('');
      index.push(0);
      expectKey = true;
    } else if (c === 91) {
      keys.push((top = null));
      current.push('');
      index.push(0);
    } else if (c === 125 || c === 93) {
      keys.pop();
      current.pop();
      index.pop();
      top = keys.length > 0 ? keys[keys.length - 1]! : null;
    } else if (c === 44) {
      if (top !== null) expectKey = true;
      else if (index.length > 0) index[index.length - 1]!++;
    }
  }
  if (found === null) return null;
  // With `entries` given twice, an index may be one of the list JSON dropped: none is given.
  const out = [...found.values()];
  if (found.has('entries')) for (const d of out) delete d.indexes;
  return out;
}

function noteDuplicate(found: Map<string, DuplicateKey>, keys: readonly (string[] | null)[], current: readonly string[], index: readonly number[]): void {
  // Named down to PATH_DEPTH levels, and never below an entry's `data` (the client's own keys may be
  // anyone's address: `data.jane.doe@example.com`): a bounded name, whatever the nesting (a review: a
  // path rebuilt at every duplicate of a body nested 20,000 deep took 14 s).
  let field = '';
  let at = -1;
  const depth = Math.min(keys.length, PATH_DEPTH);
  for (let f = 0; f < depth; f++) {
    if (keys[f] === null) {
      // An item of a list: the body's entries (a list under `entries`, or the body itself) give its index.
      if ((f === 0 || (f === 1 && current[0] === 'entries')) && at < 0) at = index[f]!;
      field += f === 0 ? 'entries[]' : '[]';
      continue;
    }
    field += (field === '' ? '' : '.') + current[f];
    if (current[f] === 'data' && f + 1 < keys.length) {
      field += '.*';
      break;
    }
  }
  if (depth < keys.length && !field.endsWith('.*')) field += '.*';
  let w = found.get(field);
  if (w === undefined) {
    if (found.size >= MAX_DUPLICATE_FIELDS) field = '*';
    w = found.get(field);
    if (w === undefined) found.set(field, (w = { field, count: 0 }));
  }
  w.count++;
  if (at >= 0) {
    const xs = (w.indexes ??= []);
    if (xs.length < MAX_DUPLICATE_INDEXES && xs[xs.length - 1] !== at) xs.push(at);
  }
}

/** Levels of a duplicate's place named (`entries[].addresses[].city` is five). */
const PATH_DEPTH = 6;

/** The fields that carry a user id, in a body or in the items of its list (the records' `entries`). */
const ID_FIELDS = ['user_id', 'new_user_id', 'id'] as const;
/**
 * A key and its value in JSON text, when the value is an integer of 16 digits or more (every one above
 * 2^53 − 1 is). The key as written, escapes included (`"user\u005fid"` is user_id too).
 */
const BIG_VALUE = /"((?:[^"\\]|\\.)*)"\s*:\s*(-?\d{16,})(?![\d.eE])/g;

/**
 * User ids sent as JSON numbers above 2^53 − 1 (a 64-bit id from a Python or Ruby client), read exactly:
 * the parse rounds 1234567890123456789 to 1234567890123456800, another user's id, so the value of such
 * a field is taken again from the text, as a string (user ids are strings: decisions.md). Every value of
 * an id field (its key written plainly or with escapes) that rounds to the same number is looked at:
 * where two different ones do (a repeated key, whose last JSON.parse keeps; an `id` inside an entry's
 * data), which is which is not known, so the number is left as parsed and refused by coerceUserId as
 * before; a text that only looks like a key inside a string can add such a doubt, never an id. Costs
 * nothing unless such a number is there (a look at the body's own fields and its list's items).
 */
function exactBigIds(parsed: unknown, text: string): unknown {
  if (parsed === null || typeof parsed !== 'object') return parsed;
  let literals: Map<number, string | null> | null = null;
  const fix = (o: unknown) => {
    if (o === null || typeof o !== 'object' || Array.isArray(o)) return;
    const r = o as Record<string, unknown>;
    for (const f of ID_FIELDS) {
      const v = r[f];
      if (typeof v !== 'number' || !Number.isInteger(v) || Number.isSafeInteger(v)) continue;
      if (literals === null) {
        literals = new Map();
        for (const m of text.matchAll(BIG_VALUE)) {
          let key: unknown = m[1];
          try {
            if (m[1]!.includes('\\')) key = JSON.parse(`"${m[1]}"`);
          } catch {
            continue;
          }
          if (!(ID_FIELDS as readonly unknown[]).includes(key)) continue;
          addLiteral(literals, m[2]!);
        }
      }
      const exact = literals.get(v);
      if (exact) r[f] = exact;
    }
  };
  // A record batch's items carry ids (a bare list, or `entries` beside no user_id nor source); an upload's
  // entries do not (a client key's upload names no user_id).
  const list = Array.isArray(parsed) ? parsed : 'user_id' in parsed || 'source' in parsed ? null : (parsed as { entries?: unknown }).entries;
  fix(parsed);
  if (Array.isArray(list)) for (const item of list) fix(item);
  return parsed;
}

/**
 * Records an integer literal of the text by the number it parses to; a second, different literal of the
 * same number makes it null (which of them a parsed value was is not known).
 */
function addLiteral(literals: Map<number, string | null>, literal: string): void {
  const n = Number(literal);
  const had = literals.get(n);
  literals.set(n, had === undefined || had === literal ? literal : null);
}

/** The detail of a body whose text stops before its JSON does. */
const ENDS_EARLY = 'is not valid JSON (the body ends too early: cut short?)';

/**
 * The `details` item of an invalid_json error: `body`, and where the parser stopped when it says so
 * (never the parser's own message, which quotes the body back). `offset`: characters before the text the
 * parser was given; `length`: that text's length, when known. A parser stopped at or past the end of the
 * text found the body too short, not a wrong character: `{"user_id":1,` (13 characters) was "at
 * character 14", a character the body does not have.
 */
export function invalidJsonDetail(e: unknown, offset = 0, length?: number): { field: string; message: string } {
  const m = e instanceof Error ? e.message : '';
  const at = /position (\d+)/.exec(m);
  if (at !== null && length !== undefined && Number(at[1]) >= length) return { field: 'body', message: ENDS_EARLY };
  // Counted from 1, as an editor counts characters: the first character of the body is character 1.
  if (at !== null) return { field: 'body', message: `is not valid JSON (at character ${Number(at[1]) + offset + 1})` };
  if (/end of (JSON|data)/i.test(m)) return { field: 'body', message: ENDS_EARLY };
  return { field: 'body', message: 'is not valid JSON' };
}

/**
 * An integer of an entry's `data` beyond 2^53 − 1, as stored (exactDataIntegers): a string of this
 * prefix and the integer's digits as sent. The prefix starts with U+0000, which no text a person writes
 * holds; a client's own string or key of `data` that starts with EXACT_BASE is stored behind
 * EXACT_STR_PREFIX, which the answers take off, so it comes back as sent (a review).
 */
export const EXACT_INT_PREFIX = '\u0000kith-exact-int:';
const EXACT_BASE = '\u0000kith-exact-';
const EXACT_STR_PREFIX = '\u0000kith-exact-str:';
/** The base as JSON writes it inside a string. */
const EXACT_JSON = '"\\u0000kith-exact-';
/**
 * A marker at the start of a JSON string: an exact integer (the whole string), or a client's string kept
 * as sent. Only where a string starts (after ':', ',', '[' or '{': JSON.stringify writes no space), never
 * after an escaped quote inside one (a review: `x"\u0000kith-exact-int:5` broke the answer's JSON).
 */
const EXACT_OUT = /(?<=[:,[{])"\\u0000kith-exact-(?:int:(-?\d{1,400})"(?!:)|str:)/g;

/**
 * JSON text with every exact integer of a `data` written back as the number it was (digits only: nothing
 * else is ever written raw), and a client's own string that held the marker as it was sent. One indexOf
 * on answers without one (~0.1 ms for 1.6 MB).
 */
export function exactIntegersOut(json: string): string {
  return json.indexOf(EXACT_JSON) < 0 ? json : json.replace(EXACT_OUT, (_m, digits: string | undefined) => digits ?? '"');
}

/** A client's string that could be read as a marker, stored behind EXACT_STR_PREFIX (exactIntegersOut takes it off). */
const markerSafe = (s: string): string => (s.charCodeAt(0) === 0 && s.startsWith(EXACT_BASE) ? EXACT_STR_PREFIX + s : s);

/** A number of 16 digits or more written as a JSON value (after a colon, a bracket or a comma). */
const BIG_LITERAL = /[:[,]\s*(-?\d{16,})(?![\d.eE])/g;

/**
 * Integers beyond 2^53 − 1 in the entries' `data` (a 64-bit id a Python or Ruby client keeps there), kept
 * exactly: the parse rounds 9007199254740993 to 9007199254740992, and `data` is returned untouched
 * (decisions.md). Each such value becomes EXACT_INT_PREFIX + its digits as written, read from the text;
 * the answers write it back as that number (exactIntegersOut). Where two different literals of the text
 * round to the same number, which is which is not known: left as parsed. Costs a look at each entry's
 * `data` unless such a number is there.
 */
function exactDataIntegers(parsed: unknown, text: string): void {
  if (parsed === null || typeof parsed !== 'object') return;
  const entries = Array.isArray(parsed) ? null : (parsed as { entries?: unknown }).entries;
  if (!Array.isArray(entries)) return;
  let literals: Map<number, string | null> | null = null;
  const exact = (v: number): string | null => {
    if (literals === null) {
      literals = new Map();
      for (const m of text.matchAll(BIG_LITERAL)) {
        addLiteral(literals, m[1]!);
      }
    }
    return literals.get(v) ?? null;
  };
  const walk = (o: Record<string, unknown> | unknown[], depth: number): void => {
    if (depth > 64) return;
    let markedKey = false;
    for (const k in o) {
      if (k.charCodeAt(0) === 0 && markerSafe(k) !== k) markedKey = true;
      const v = (o as Record<string, unknown>)[k];
      if (typeof v === 'number') {
        if (Number.isInteger(v) && !Number.isSafeInteger(v)) {
          const lit = exact(v);
          if (lit !== null) (o as Record<string, unknown>)[k] = EXACT_INT_PREFIX + lit;
        }
      } else if (typeof v === 'string') {
        if (v.charCodeAt(0) === 0) (o as Record<string, unknown>)[k] = markerSafe(v);
      } else if (v !== null && typeof v === 'object') walk(v as Record<string, unknown>, depth + 1);
    }
    if (markedKey && !Array.isArray(o)) {
      // Rare: a key that could be read as a marker; rebuilt in its order, behind the string marker.
      const copy = Object.entries(o);
      for (const [k] of copy) delete o[k];
      for (const [k, v] of copy) o[markerSafe(k)] = v;
    }
  };
  for (const e of entries) {
    if (e === null || typeof e !== 'object') continue;
    const d = (e as { data?: unknown }).data;
    if (typeof d === 'string') (e as { data?: unknown }).data = markerSafe(d);
    else if (d !== null && typeof d === 'object') walk(d as Record<string, unknown>, 0);
  }
}
