/**
 * What the HTTP app and the workers must do identically, in one place: the JSON body parser, and the
 * ajv validator and fast-json-stringify serializer built the way Fastify builds them (same packages,
 * same options). A request answered on a worker is then byte for byte the one the event loop would give.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import fastJsonStringify from 'fast-json-stringify';
// The wire schemas are the contract both the HTTP layer and the workers follow (pure TypeBox data).
import { NO_NUL_PATTERN, type Schemas } from '../http/schemas.ts';
import { MAX_DETAILS, invalidMany, type ServiceError, type ErrorDetail } from '../services/errors.ts';
import { exactIntegersOut } from '../services/json-body.ts';
import { closest } from '../services/upload-warnings.ts';
import { compileFastCheck } from './fast-check.ts';

// The body's JSON is read in the services layer (json-body.ts); re-exported for the HTTP edge and the workers.
export { EXACT_INT_PREFIX, exactIntegersOut, invalidJsonDetail, parseJsonBody } from '../services/json-body.ts';

/** ajv options of the app (Fastify's `ajv.customOptions`): no coercion, no defaults removed. */
export const AJV_CUSTOM_OPTIONS = Object.freeze({ coerceTypes: false, allErrors: false, removeAdditional: false });

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
    else slot.messages.push(boundMessage(e) ?? e.message ?? 'is invalid');
  }
  // A field whose only errors say what kind of value it must be, while another error names a field inside
  // it, is of the right kind: those come from a branch of its union it does not take (a nullable list
  // `Opt(list)` whose item is too long fails the list branch on the item and the null branch on the
  // list: `entries[0].emails[0] must be at most … characters`, not also `entries[0].emails must be null`).
  // A wrong item of a list is named by its path, and the list is not named again (docs/api.md, Errors).
  const paths = [...byPath.keys()];
  const holdsAnother = (field: string) => paths.some((o) => o !== field && (o.startsWith(`${field}.`) || o.startsWith(`${field}[`)));
  const details: ErrorDetail[] = [];
  for (const [field, slot] of byPath) {
    if (slot.messages.length) details.push({ field, message: slot.messages[0] });
    else if (slot.types.size && !holdsAnother(field)) {
      // A null where null is no value of the field (a required id sent as null) says so.
      const value = data !== undefined ? valueAt(data, slot.pointer) : undefined;
      const got = value === null ? ', not null' : '';
      // An entry sent as a bare address or number (`"entries": ["ann@x.com"]`, an HTTP probe) is told the
      // shape an entry has.
      const entry = ENTRY_FIELD_RE.test(field) && slot.types.size === 1 && slot.types.has('object') && value !== null && value !== undefined;
      // An upload's entry is shown as one; a record's (the batch a list, or an object without the upload's
      // `user_id` and `source`) as an object of the endpoint's fields: a probe sent the upload's example to
      // /v0/invites-sent and was refused again.
      const upload = data !== null && typeof data === 'object' && !Array.isArray(data) && ('user_id' in data || 'source' in data);
      const example = upload
        ? '(an entry such as {"name": "Ann Lee", "email": "ann@example.com"})'
        : '(an object of the fields this endpoint takes, such as {"email": "ann@example.com"} beside its id)';
      const shape = entry ? ` ${example}, not ${Array.isArray(value) ? 'a list' : `a ${typeof value}`}` : '';
      // A fraction where a whole number is wanted (`"limit": 2.5`) is told so, not the kinds of value the
      // field takes (a probe read `must be an integer or a string or null` and could not see what was wrong).
      if (typeof value === 'number' && slot.types.has('integer') && !slot.types.has('number') && Number.isFinite(value)) {
        details.push({ field, message: `must be a whole number, not ${value}` });
        continue;
      }
      details.push({ field, message: `must be ${[...slot.types].map(typeName).join(' or ')}${shape}${got}` });
    }
  }
  return details.length ? details : [{ field: context, message: 'is invalid' }];
}

/** An item of an upload's list of entries. */
const ENTRY_FIELD_RE = /^entries\[\d+\]$/;

/**
 * ajv's length and size bounds in plain English (`must NOT have fewer than 1 characters` read as
 * `must not be empty`, `must NOT have more than 256 characters` as `must be at most 256 characters`);
 * undefined for any other error.
 */
function boundMessage(e: AjvError): string | undefined {
  const limit = e.params.limit;
  if (typeof limit !== 'number') return undefined;
  const unit = (one: string) => `${limit} ${one}${limit === 1 ? '' : 's'}`;
  switch (e.keyword) {
    case 'minLength':
      return limit === 1 ? 'must not be empty' : `must be at least ${unit('character')}`;
    case 'maxLength':
      return `must be at most ${unit('character')}`;
    case 'minItems':
      return limit === 1 ? 'must not be empty' : `must hold at least ${unit('item')}`;
    case 'maxItems':
      return `must hold at most ${unit('item')}`;
    default:
      return undefined;
  }
}

function typeName(t: string): string {
  return t === 'object' ? 'an object' : t === 'array' ? 'a list' : t === 'integer' ? 'an integer' : t === 'null' ? 'null' : `a ${t}`;
}

/** The invalid-input error of a schema validation failure: one detail per field, the first one named. */
export function validationError(errors: AjvError[], context: string, data?: unknown): ServiceError {
  return invalidMany(detailsFromAjv(errors, context, data));
}

type AjvValidate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/** A validator of `schema` as Fastify compiles it (ajv); `allErrors`: every error, not only the first. */
function compileAjv(schema: object, allErrors = false): AjvValidate {
  const build = AjvCompiler()({}, { customOptions: { ...AJV_CUSTOM_OPTIONS, allErrors }, plugins: [] } as never) as (o: {
    schema: object;
    method: string;
    url: string;
    httpPart: string;
  }) => AjvValidate;
  return build({ schema, method: 'POST', url: '', httpPart: 'body' });
}

/** The schema of a body's `entries` items (uploads and record batches), when it has one. */
function entrySchemaOf(schema: object): object | null {
  const items = (schema as { properties?: { entries?: { items?: unknown } } }).properties?.entries?.items;
  return items !== null && typeof items === 'object' && !Array.isArray(items) ? items : null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The details of a body the schema refused, one per wrong field (the app's ajv stops at the first error:
 * `allErrors` over a whole body is unbounded work and memory for a body of 100,000 wrong items). The body
 * without its entries is checked for every error, then each entry the schema refuses, in order, until
 * MAX_DETAILS are named. `first`: the strict validator's errors (its field is named whatever else is).
 */
function everyDetail(
  body: unknown,
  first: AjvError[],
  every: () => AjvValidate,
  entry: (() => { one: AjvValidate; every: AjvValidate }) | null,
): ErrorDetail[] {
  const firstDetails = detailsFromAjv(first, 'body', body);
  if (!isPlainObject(body)) return firstDetails;
  if (entry === null || !Array.isArray(body.entries)) {
    if (hasLongList(body)) return firstDetails;
    const all = every();
    return all(body) ? firstDetails : detailsFromAjv((all.errors ?? []) as AjvError[], 'body', body).slice(0, MAX_DETAILS);
  }
  const out: ErrorDetail[] = [];
  const add = (details: ErrorDetail[]) => {
    for (const d of details) if (out.length < MAX_DETAILS && !out.some((o) => o.field === d.field)) out.push(d);
  };
  const rest = { ...body, entries: [] };
  if (hasLongList(rest)) return firstDetails;
  const top = every();
  if (!top(rest)) add(detailsFromAjv((top.errors ?? []) as AjvError[], 'body', body));
  const entries = body.entries;
  const check = entry();
  for (let i = 0; i < entries.length && out.length < MAX_DETAILS; i++) {
    if (check.one(entries[i])) continue;
    // An entry holding a list past every bound (2,000,000 e-mails in 4 MB: ajv naming every error checks
    // each item, 90 s on the event loop, a review) is named by its first error only.
    const long = hasLongList(entries[i]);
    if (!long) check.every(entries[i]);
    const found = long ? check.one.errors : check.every.errors;
    const errors = ((found ?? []) as AjvError[]).map((e) => ({ ...e, instancePath: `/entries/${i}${e.instancePath}` }));
    add(detailsFromAjv(errors, 'body', body));
  }
  // The strict error is always named (a list of too many entries: no one entry is wrong).
  for (const d of firstDetails) if (!out.some((o) => o.field === d.field)) out.unshift(d);
  return out.slice(0, MAX_DETAILS);
}

/** Items of a list past which a value is checked for its first error only (the schemas' longest bound: an entry's 1,000 e-mails). */
const LONGEST_LIST = 1000;

/**
 * Whether `v` holds a list longer than LONGEST_LIST in its first levels (an entry's `emails`, an address
 * of its `addresses`): ajv naming every error would check each of its items, however many.
 */
function hasLongList(v: unknown, depth = 3): boolean {
  if (Array.isArray(v)) {
    if (v.length > LONGEST_LIST) return true;
    if (depth > 0) for (const x of v) if (x !== null && typeof x === 'object' && hasLongList(x, depth - 1)) return true;
    return false;
  }
  if (v === null || typeof v !== 'object' || depth === 0) return false;
  for (const k in v as Record<string, unknown>) {
    const x = (v as Record<string, unknown>)[k];
    if (x !== null && typeof x === 'object' && hasLongList(x, depth - 1)) return true;
  }
  return false;
}

/**
 * A body validator as Fastify compiles it (ajv), with a quick check in front; throws the same 400 the
 * app's error handler would give, naming every wrong field (at most MAX_DETAILS), not only the first.
 */
export function compileBodyValidator(schema: object): (body: unknown) => void {
  const validate = compileAjv(schema);
  // A quick check first (fast-check.ts): it passes only values ajv accepts; anything else goes to ajv,
  // whose verdict and error stand. The validators naming every error are compiled on the first refusal.
  const quick = compileFastCheck(schema);
  let every: AjvValidate | undefined;
  let entry: { one: AjvValidate; every: AjvValidate } | undefined;
  const entrySchema = entrySchemaOf(schema);
  return (body) => {
    if (quick !== null && quick(body)) return;
    if (validate(body)) return;
    const first = (validate.errors ?? []) as AjvError[];
    const details = everyDetail(
      body,
      first,
      () => (every ??= compileAjv(schema, true)),
      entrySchema === null ? null : () => (entry ??= { one: compileAjv(entrySchema), every: compileAjv(entrySchema, true) }),
    );
    throw invalidMany(details);
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

/** The serialisers of the address-book answers: the route and the workers write every answer with these. */
export function answerSerializers(S: Schemas) {
  return { upload: compileListSerializer(S.UploadResponse), book: compileListSerializer(S.BookResponse) };
}
