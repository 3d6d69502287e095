/**
 * What the HTTP app and the workers must do identically, in one place: the JSON body parser, and the
 * ajv validator and fast-json-stringify serializer built the way Fastify builds them (same packages,
 * same options). A request answered on a worker is then byte for byte the one the event loop would give.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import fastJsonStringify from 'fast-json-stringify';
import secureJson from 'secure-json-parse';
// The wire schemas are the contract both the HTTP layer and the workers follow (pure TypeBox data).
import { NO_NUL_PATTERN, type Schemas } from '../http/schemas.ts';
import { ServiceError, type ErrorDetail } from '../services/errors.ts';
import { closest } from '../services/upload-warnings.ts';
import { compileFastCheck } from './fast-check.ts';

/** ajv options of the app (Fastify's `ajv.customOptions`): no coercion, no defaults removed. */
export const AJV_CUSTOM_OPTIONS = Object.freeze({ coerceTypes: false, allErrors: false, removeAdditional: false });

/**
 * A JSON body: `__proto__`/`constructor` keys removed (never interpreted); empty text is "no body".
 * Throws the documented invalid_json error.
 */
export function parseJsonBody(text: string): unknown {
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
    return exactBigIds(parsed, trimmed);
  } catch (e) {
    // The parser counts from the trimmed text: its position in the body is after the spaces trimmed.
    throw new ServiceError('invalid_json', 'The request body is not valid JSON.', [
      invalidJsonDetail(e, text.length - text.trimStart().length, trimmed.length),
    ]);
  }
}

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

/** One error of ajv, as Fastify's validation errors carry them. */
export interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** '/entries/0/emails/1' -> ['entries', '0', 'emails', '1'] (RFC 6901 escapes undone). */
function pointerSegments(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** '/entries/0/emails/1' -> 'entries[0].emails[1]' */
export function jsonPointerToPath(pointer: string, context?: string): string {
  let out = '';
  for (const p of pointerSegments(pointer)) out += /^\d+$/.test(p) ? `[${p}]` : out ? `.${p}` : p;
  return out || context || 'body';
}

/** The value at a JSON pointer of `data` (undefined when there is none). */
function valueAt(data: unknown, pointer: string): unknown {
  let v = data;
  for (const segment of pointerSegments(pointer)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[segment];
  }
  return v;
}

/**
 * "is required", and when the object holds a field that is most likely that one misspelt (the test of
 * upload warnings: same name ignoring case and separators, or within two edits), which: `entries is
 * required: the body has "entires" (did you mean "entries"?)`.
 */
function requiredMessage(data: unknown, pointer: string, missing: string): string {
  const at = valueAt(data, pointer);
  if (at === null || typeof at !== 'object' || Array.isArray(at)) return 'is required';
  const near = Object.keys(at).find((k) => k !== missing && closest(k, [missing]) === missing);
  if (near === undefined) return 'is required';
  const where = jsonPointerToPath(pointer, 'the body');
  return `is required: ${where} has ${JSON.stringify(near)} (did you mean ${JSON.stringify(missing)}?)`;
}

/**
 * Turns ajv errors into one detail per field, merging the branches of a nullable union. `data`: the
 * validated value, when at hand (a missing field's message then names a misspelt one beside it).
 */
export function detailsFromAjv(errors: AjvError[], context: string, data?: unknown): ErrorDetail[] {
  const byPath = new Map<string, { types: Set<string>; messages: string[]; pointer: string }>();
  for (const e of errors) {
    let path = jsonPointerToPath(e.instancePath, context === 'body' ? 'body' : context);
    if (e.keyword === 'required' && typeof e.params.missingProperty === 'string') {
      path = path === 'body' || path === context ? e.params.missingProperty : `${path}.${e.params.missingProperty}`;
      if (context !== 'body' && !path.startsWith(context)) path = `${context}.${path}`;
    }
    let slot = byPath.get(path);
    if (!slot) byPath.set(path, (slot = { types: new Set(), messages: [], pointer: e.instancePath }));
    if (e.keyword === 'type') slot.types.add(String(e.params.type));
    else if (e.keyword === 'anyOf') continue;
    else if (e.keyword === 'required') slot.messages.push(requiredMessage(data, e.instancePath, String(e.params.missingProperty)));
    else if (e.keyword === 'pattern' && e.params.pattern === NO_NUL_PATTERN) slot.messages.push('must not contain U+0000 or an unpaired surrogate');
    else if (e.keyword === 'additionalProperties') slot.messages.push(`has an unknown field "${String(e.params.additionalProperty)}"`);
    else slot.messages.push(e.message ?? 'is invalid');
  }
  const details: ErrorDetail[] = [];
  for (const [field, slot] of byPath) {
    if (slot.messages.length) details.push({ field, message: slot.messages[0] });
    else if (slot.types.size) {
      // A null where null is no value of the field (a required id sent as null) says so.
      const got = data !== undefined && valueAt(data, slot.pointer) === null ? ', not null' : '';
      details.push({ field, message: `must be ${[...slot.types].map(typeName).join(' or ')}${got}` });
    }
  }
  return details.length ? details : [{ field: context, message: 'is invalid' }];
}

function typeName(t: string): string {
  return t === 'object' ? 'an object' : t === 'array' ? 'a list' : t === 'integer' ? 'an integer' : t === 'null' ? 'null' : `a ${t}`;
}

/** The invalid-input error of a schema validation failure: one detail per field, the first one named. */
export function validationError(errors: AjvError[], context: string, data?: unknown): ServiceError {
  const details = detailsFromAjv(errors, context, data);
  const first = details[0];
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length > 2 ? 's' : ''})` : '';
  return new ServiceError('invalid_request', `Invalid request: ${first.field} ${first.message}${more}.`, details);
}

type AjvValidate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/**
 * A body validator as Fastify compiles it (ajv), with a quick check in front; throws the same 400 the
 * app's error handler would give.
 */
export function compileBodyValidator(schema: object): (body: unknown) => void {
  const build = AjvCompiler()({}, { customOptions: { ...AJV_CUSTOM_OPTIONS }, plugins: [] } as never) as (o: {
    schema: object;
    method: string;
    url: string;
    httpPart: string;
  }) => AjvValidate;
  const validate = build({ schema, method: 'POST', url: '', httpPart: 'body' });
  // A quick check first (fast-check.ts): it passes only values ajv accepts; anything else goes to ajv,
  // whose verdict and error stand.
  const quick = compileFastCheck(schema);
  return (body) => {
    if (quick !== null && quick(body)) return;
    if (validate(body)) return;
    throw validationError((validate.errors ?? []) as AjvError[], 'body', body);
  };
}

/** A response serializer as Fastify compiles it (no shared schemas are registered in the app). */
export function compileSerializer(schema: object): (value: unknown) => string {
  return fastJsonStringify(schema as never, { schema: {} }) as unknown as (value: unknown) => string;
}

const EMPTY_DATA = '"data":[]';

/**
 * The serializer of an answer with a ranked list (`data`), for big lists: the envelope is written by the
 * route's compiled serializer (its property order, its checks), the list by JSON.stringify, which is
 * 2-3x faster than fast-json-stringify on 10,000 rows. Byte for byte the same output, because every row
 * is built by toWire with exactly the schema's properties in the schema's order (test/api/offload.test.ts
 * and the property test in test/property/serializer.test.ts compare it with the compiled serializer).
 */
export function compileListSerializer(schema: object): (value: { data?: unknown }) => string {
  const whole = compileSerializer(schema);
  return (value) => {
    const { data } = value;
    if (!Array.isArray(data) || data.length === 0) return exactIntegersOut(whole(value));
    const envelope = whole({ ...value, data: [] });
    // Inside a JSON string every quote is escaped, so this text can only be the top-level property.
    const at = envelope.indexOf(EMPTY_DATA);
    if (at < 0 || envelope.indexOf(EMPTY_DATA, at + 1) >= 0) return exactIntegersOut(whole(value));
    return envelope.slice(0, at + EMPTY_DATA.length - 2) + exactIntegersOut(JSON.stringify(data)) + envelope.slice(at + EMPTY_DATA.length);
  };
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

/** The serialisers of the address-book answers: the route and the workers write every answer with these. */
export function answerSerializers(S: Schemas) {
  return { upload: compileListSerializer(S.UploadResponse), book: compileListSerializer(S.BookResponse) };
}
