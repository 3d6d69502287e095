/**
 * Forms whose meaning is unambiguous although the schema refuses them, read at the edge (issue #12:
 * "never lose a real person"). A client that sends `times_contacted: "3"`, a phone as a JSON number, or
 * e-mails and phones as the objects of Google's People API, Apple's and many SDKs (`{"value": …,
 * "type": "work"}`) would otherwise lose its whole upload to one 400. Each such value is read as what
 * it plainly means and named in `meta.warnings` (field, entries, what was read), so the integration can
 * be fixed; anything still ambiguous or wrong stays a 400 naming its field.
 *
 * The strict schema runs first, unchanged: a well-formed body never comes here. Only a body it refuses
 * is read again by these rules and validated again by the same schema (validateLeniently). The reading
 * is a pure function of the entries, identical to itself on a well-formed entry, so `kith reclean`
 * reads a stored raw upload exactly as the edge read it (readStoredEntries).
 *
 * Entries also name a person in fields other than `name` (`first_name`/`last_name`, `given_name`/
 * `family_name`, `firstName`/`lastName`, `display_name`/`displayName`, `full_name`/`fullName`): valid
 * bodies whose person would be shown nameless. When `name` is absent (or blank), they are read into it
 * (nameFromAliases); a given `name` is never overridden.
 *
 * Invite apps also post the contact objects of the platform SDKs as they come (Google People API,
 * Microsoft Graph, react-native-contacts, expo-contacts: `emailAddresses`, `phoneNumbers`, `jobTitle` …),
 * a valid body whose person would be left out with nothing to invite. When the entry has no Kith field
 * of its own for them, those fields are read into it (readOtherFields), each named in `meta.warnings`;
 * a Kith field the client sent is never overridden or added to, a fax or pager number is not the
 * person's phone (as in the file readers), and an item with no usable value is a warning, never a person.
 */
import type { EntryInput } from '../domain/types.ts';
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import { normalizePhone, WHOLE_NUMBER_MARK } from '../domain/phone.ts';
import { isNotPersonalPhoneLabel } from '../readers/vcard.ts';
import { MAX_DETAILS, invalidMany, type ErrorDetail } from './errors.ts';
import type { FieldWarning } from './upload-warnings.ts';

/** Entry indexes listed per warning, here and in the unknown-field warnings (upload-warnings.ts): a bound on the answer. */
export const MAX_INDEXES = 5;
/** Problems named in one 400 (as the record endpoints). */
const MAX_PROBLEMS = MAX_DETAILS;

/** Keys an e-mail object holds its address in, in the order read (Google People: value; Apple, SDKs: address, email). */
const EMAIL_KEYS = ['value', 'address', 'email'] as const;
/**
 * Keys a phone object holds its number in, in the order read (Google People: canonicalForm, its E.164
 * form of value, then value; Apple, SDKs: number, phone; expo-contacts: digits).
 */
const PHONE_KEYS = ['canonicalForm', 'value', 'number', 'phone', 'digits'] as const;

/** Fields that hold a whole name, in the order preferred. */
const WHOLE_NAME_FIELDS = ['display_name', 'displayName', 'full_name', 'fullName'] as const;
/** Fields holding a part of a name, in the order the parts are joined. */
const NAME_PART_KEYS = [
  ['first_name', 'firstName', 'given_name', 'givenName'],
  ['middle_name', 'middleName'],
  ['last_name', 'lastName', 'family_name', 'familyName', 'surname'],
] as const;
/** Google People API's list of a person's names (`names[].displayName`, or its parts). */
const NAMES_LIST = 'names';
/** The fields holding a whole name, as a set (Google's list of names among them). */
export const WHOLE_NAME_KEYS: ReadonlySet<string> = new Set<string>([...WHOLE_NAME_FIELDS, NAMES_LIST]);
/** Every field read into `name` when `name` is absent. */
export const NAME_ALIAS_KEYS: ReadonlySet<string> = new Set<string>([...WHOLE_NAME_FIELDS, NAMES_LIST, ...NAME_PART_KEYS.flat()]);

/** A readable name part: a string with something in it. */
function part(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' ? null : t;
}

/** Whether an entry has no name of its own (absent, null or blank): only then are other fields read into it. */
export function hasNoName(e: Record<string, unknown>): boolean {
  const n = e.name;
  return n === undefined || n === null || (typeof n === 'string' && n.trim() === '');
}

/**
 * The name an entry's other name fields give (`name` itself not looked at), and the fields read: a whole
 * name (`display_name` …) if one is given, else Google's `names` (its primary item first), else the parts
 * joined (given, middle, family). null: none.
 */
export function nameFromAliases(e: Record<string, unknown>): { name: string; used: string[] } | null {
  const whole = wholeName(e, WHOLE_NAME_FIELDS);
  if (whole !== null) return whole;
  if (e[NAMES_LIST] !== undefined) {
    const v = nameOfList(e[NAMES_LIST]);
    if (v !== null) return { name: v, used: [NAMES_LIST] };
  }
  return nameFromParts(e);
}

/** The first of `keys` holding a readable name, and the field read; null: none. */
function wholeName(e: Record<string, unknown>, keys: readonly string[]): { name: string; used: string[] } | null {
  for (const k of keys) {
    const v = part(e[k]);
    if (v !== null) return { name: v, used: [k] };
  }
  return null;
}

/** Google People's `names`: its primary item's (else the first named item's) displayName, unstructuredName or parts. */
function nameOfList(v: unknown): string | null {
  if (!Array.isArray(v)) return null;
  for (const item of primaryFirst(v)) {
    const r = part(item.displayName) ?? part(item.unstructuredName) ?? nameFromParts(item)?.name ?? null;
    if (r !== null) return r;
  }
  return null;
}

/** The objects of a list (at most MAX_SDK_ITEMS), those Google marks primary (`metadata.primary`) first. */
function primaryFirst(list: readonly unknown[]): Item[] {
  const objects = list.slice(0, MAX_SDK_ITEMS).filter((x): x is Item => x !== null && typeof x === 'object' && !Array.isArray(x));
  const primary = (x: Item) => (x.metadata as Item | null | undefined)?.primary === true;
  return [...objects.filter(primary), ...objects.filter((x) => !primary(x))];
}

/**
 * The fields of a name object of the phone SDKs that no entry-level name field shares: Cordova's
 * ContactName (`{"formatted": "Cy Fox", "givenName": …}`) and Capacitor Community Contacts' (`{"display":
 * "Ann Lee", "given": "Ann", "middle": …, "family": "Lee"}`). Read only inside `name`: at the top of an
 * entry these words name no person.
 */
const SDK_WHOLE_NAME_FIELDS = ['formatted', 'display'] as const;
const SDK_NAME_PART_KEYS = [['given'], ['middle'], ['family']] as const;

/** The parts of a name joined (given, middle, family), and the fields read. null: none. */
function nameFromParts(e: Record<string, unknown>, groups: readonly (readonly string[])[] = NAME_PART_KEYS): { name: string; used: string[] } | null {
  const parts: string[] = [];
  const used: string[] = [];
  for (const keys of groups) {
    for (const k of keys) {
      const v = part(e[k]);
      if (v === null) continue;
      parts.push(v);
      used.push(k);
      break;
    }
  }
  return parts.length === 0 ? null : { name: parts.join(' '), used };
}

/** One thing read leniently: where (the field, as `entries[].times_contacted`), what, and in which entry. */
interface Note {
  field: string;
  message: string;
  index: number;
}

/** What a lenient reading of a list of items gives: the items (copies where changed), notes, problems. */
export interface LenientItems<T> {
  items: T[];
  changed: boolean;
  notes: Note[];
  problems: ErrorDetail[];
}

type Item = Record<string, unknown>;

/**
 * The key of an object item whose value is given as not given: it has at least one of `keys` (the keys
 * a value is read from), and every one it has is null or a blank string (`{"value": null, "type":
 * "work"}`, `{"value": ""}`). Null means "not given" everywhere in the contract, so such an item is no
 * item: skipped, and named in `meta.warnings`. An object with none of those keys (`{"type": "work"}`)
 * is not this: what it holds is not known, and stays a 400 (docs/api.md).
 */
function emptyValueKey(v: unknown, keys: readonly string[]): string | null {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
  let found: string | null = null;
  for (const k of keys) {
    const x = (v as Item)[k];
    if (x === undefined) continue;
    if (x !== null && !(typeof x === 'string' && x.trim() === '')) return null;
    found ??= k;
  }
  return found;
}

/** Reads one value as an e-mail address: a string, or an object holding one. undefined: not readable. */
function emailOf(v: unknown): { value: string; how?: string } | undefined {
  if (typeof v === 'string') return { value: v };
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    for (const k of EMAIL_KEYS) {
      const s = (v as Item)[k];
      if (typeof s === 'string' && s.trim() !== '') return { value: s, how: `an object, read as its "${k}"; send a string` };
    }
  }
  return undefined;
}

/** A JSON number read as a phone's digits: a whole positive number only (a fraction or a sign is no phone). */
function digitsOf(n: number): string | undefined {
  return Number.isSafeInteger(n) && n > 0 ? String(n) : undefined;
}

/** Reads one value as a phone: a string, a whole number, or an object holding either. undefined: not readable. */
function phoneOf(v: unknown): { value: string; how?: string } | undefined {
  if (typeof v === 'string') return { value: v };
  if (typeof v === 'number') {
    const d = digitsOf(v);
    // Marked as a number's digits: normalizeEntry reads them as a number, under the book's region (phone.ts normalizeWholeNumber).
    return d === undefined
      ? undefined
      : { value: WHOLE_NUMBER_MARK + d, how: 'a JSON number, read as its digits (a number cannot keep a leading + or 0: send phones as strings)' };
  }
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    for (const k of PHONE_KEYS) {
      const s = (v as Item)[k];
      if (typeof s === 'string' && s.trim() !== '') {
        const own = inItsCountry(s, (v as Item).countryCode);
        if (own !== null) return { value: own.e164, how: `an object, read as its "${k}" in its "countryCode" (${own.region}); send a string in E.164` };
        return { value: s, how: `an object, read as its "${k}"; send a string` };
      }
      // A whole number in the object is read as the bare one is (a review: `{number: 491759417367}` in a
      // German book was read as text, +49 49…, where the bare number is +49 175 …).
      if (typeof s === 'number' && digitsOf(s) !== undefined)
        return { value: WHOLE_NUMBER_MARK + digitsOf(s)!, how: `an object, read as its "${k}" (a number, as its digits)` };
    }
  }
  return undefined;
}

/**
 * A national number in the country its object names (expo-contacts: `{number: "(415) 555-0123",
 * countryCode: "us"}`): its E.164 form, when valid there; else null, and the number is read under the
 * book's region as any other. A probe found such a card of a US friend in a German book read as a German
 * number, never meeting the friend's `+1` card.
 */
function inItsCountry(number: string, code: unknown): { e164: string; region: CountryCode } | null {
  if (typeof code !== 'string' || !/^[A-Za-z]{2}$/.test(code.trim())) return null;
  const region = code.trim().toUpperCase();
  if (!isSupportedCountry(region) || /^\s*(?:\+|00)/.test(number)) return null;
  const p = normalizePhone(number, region);
  return p !== null && p.key !== null && p.key.startsWith('p:') ? { e164: p.key.slice(2), region } : null;
}

const EMAIL_UNREADABLE = `is no e-mail address: send a string, or an object with the address in ${EMAIL_KEYS.map((k) => `"${k}"`).join(', ')}`;
const PHONE_UNREADABLE = `is no phone number: send a string (E.164 recommended), a whole number, or an object with it in ${PHONE_KEYS.map((k) => `"${k}"`).join(', ')}`;

/**
 * Reads an item's `one` (email or phone) and `many` (emails or phones) fields leniently: an object or a
 * number (phones) where a string is expected, a single value or a list where the other is expected.
 * Writes the fields it changes into `out` (a copy of the item); returns whether it changed any.
 */
function readAddresses(
  item: Item,
  out: () => Item,
  i: number,
  one: 'email' | 'phone',
  many: 'emails' | 'phones',
  read: (v: unknown) => { value: string; how?: string } | undefined,
  keys: readonly string[],
  unreadable: string,
  notes: Note[],
  problems: ErrorDetail[],
): void {
  const note = (field: string, message: string) => notes.push({ field: `entries[].${field}`, message, index: i });
  // A value no rule reads: an object (or, for a phone, a number) is named with what is accepted; any
  // other kind is left for the schema to name. An object whose value is null or blank is an item not
  // given (null): skipped, and named (`entries[].emails[].value`).
  const attempt = (v: unknown, field: string, where: string): { value: string; how?: string } | null | undefined => {
    const r = read(v);
    if (r !== undefined) return r;
    const empty = emptyValueKey(v, keys);
    if (empty !== null) {
      note(`${where}.${empty}`, `null or empty: the item is not given, skipped (the contact is kept on its other fields); leave such an item out`);
      return null;
    }
    if ((v !== null && typeof v === 'object' && !Array.isArray(v)) || (one === 'phone' && typeof v === 'number')) {
      problems.push({ field, message: unreadable });
    }
    return r;
  };
  // A phone object labelled fax, pager… is not the person's phone (as in contact files): left out, named.
  const faxes = new Set<string>();
  const notPersonal = (v: unknown, field: string): boolean => {
    if (one !== 'phone' || !isNotPersonalPhone(v)) return false;
    faxes.add(field);
    return true;
  };
  const single = item[one];
  let extra: string[] = [];
  if (single !== undefined && single !== null && typeof single !== 'string') {
    if (notPersonal(single, one)) out()[one] = null;
    else if (Array.isArray(single)) {
      // A list where one value is expected: its first is the one, the others join the list field. The
      // cleaner reads `many` before `one`, so all of them join the list, in order, and `one` is left
      // null: the first stays first (it came back last, after the others).
      const values: string[] = [];
      let ok = true;
      single.forEach((v, j) => {
        if (v === null || notPersonal(v, one)) return;
        const r = attempt(v, `entries[${i}].${one}[${j}]`, `${one}[]`);
        if (r === undefined) ok = false;
        else if (r !== null) values.push(r.value);
      });
      if (ok) {
        out()[one] = null;
        extra = values;
        note(one, `a list where one value is expected, read as its first value${values.length > 1 ? ` (the others added to "${many}")` : ''}`);
      }
    } else {
      const r = attempt(single, `entries[${i}].${one}`, one);
      if (r === null) out()[one] = null;
      else if (r !== undefined) {
        out()[one] = r.value;
        note(one, r.how ?? 'read as a string');
      }
    }
  }
  const list = item[many];
  if (list !== undefined && list !== null && !(Array.isArray(list) && list.every((v) => v === null || typeof v === 'string'))) {
    if (notPersonal(list, many)) out()[many] = [];
    else if (!Array.isArray(list)) {
      // One value where a list is expected (a comma list in it is split as in any e-mail or phone field).
      const r = typeof list === 'string' ? { value: list } : attempt(list, `entries[${i}].${many}`, many);
      if (r === null) out()[many] = [];
      else if (r !== undefined) {
        out()[many] = [r.value];
        note(many, `one value where a list is expected, read as a list of it${r.how !== undefined ? `; ${r.how}` : ''}`);
      }
    } else {
      const values: (string | null)[] = [];
      let how: string | undefined;
      let ok = true;
      list.forEach((v, j) => {
        if (v === null || typeof v === 'string') return values.push(v);
        if (notPersonal(v, many)) return;
        const r = attempt(v, `entries[${i}].${many}[${j}]`, `${many}[]`);
        if (r === undefined) ok = false;
        else if (r !== null) {
          how ??= r.how;
          values.push(r.value);
        }
      });
      if (ok) {
        out()[many] = values;
        // (Only faxes among its strings: named below.)
        if (how !== undefined || !faxes.has(many)) note(many, `items: ${how ?? 'read as strings'}`);
      }
    }
  }
  if (extra.length > 0) {
    // Before the list's own items: the row's first is the first of `one`, as the warning says.
    const current = out()[many];
    out()[many] = Array.isArray(current) ? [...extra, ...current] : extra;
  }
  for (const field of faxes) note(field, FAX_LEFT_OUT);
}

/** A count or an integer written as a string: digits (a fraction too, for a count), spaces around. */
const NUMERIC = /^\s*\d+(?:\.\d+)?\s*$/;
const INTEGER = /^\s*-?\d+\s*$/;

/**
 * Reads one upload entry's fields leniently (see the file's comment). Returns the entry itself when
 * nothing needed reading, else a copy with the fields read.
 */
function readEntry(e: Item, i: number, notes: Note[], problems: ErrorDetail[], upload: boolean): Item {
  let copy: Item | null = null;
  const out = () => (copy ??= { ...e });
  const note = (field: string, message: string) => notes.push({ field: `entries[].${field}`, message, index: i });

  // An upload entry's counts (a record has none: there they are unknown fields, ignored).
  const tc = upload ? e.times_contacted : undefined;
  if (typeof tc === 'string') {
    if (tc.trim() === '') {
      out().times_contacted = null;
      note('times_contacted', 'an empty string, read as not given (null)');
    } else if (NUMERIC.test(tc)) {
      const n = Number(tc);
      out().times_contacted = n;
      note('times_contacted', `a number written as a string, read as that number (entries[${i}]: ${JSON.stringify(tc.trim())} as ${n}); send a JSON number`);
    } else {
      problems.push({
        field: `entries[${i}].times_contacted`,
        message: 'must be a number of times (0 or more), as a JSON number or written as a string such as "3"',
      });
    }
  }

  const pinned = upload ? e.pinned : undefined;
  if (typeof pinned === 'boolean') {
    out().pinned = pinned ? 1 : 0;
    note('pinned', 'a boolean, read as 1 (true) or 0 (false); send an integer');
  } else if (typeof pinned === 'string') {
    const t = pinned.trim().toLowerCase();
    if (t === '') {
      out().pinned = null;
      note('pinned', 'an empty string, read as not given (null)');
    } else if (t === 'true' || t === 'false') {
      out().pinned = t === 'true' ? 1 : 0;
      note('pinned', `"${t}", read as ${t === 'true' ? 1 : 0}; send an integer`);
    } else if (INTEGER.test(t) && Number.isSafeInteger(Number(t))) {
      out().pinned = Number(t);
      note('pinned', `an integer written as a string, read as that integer (entries[${i}]: ${JSON.stringify(t)} as ${Number(t)}); send a JSON integer`);
    } else {
      problems.push({ field: `entries[${i}].pinned`, message: 'must be an integer (or true/false), as JSON or written as a string such as "1"' });
    }
  }

  // A name given as an object of its parts or whole (`{"givenName": …, "familyName": …}`).
  const name = e.name;
  if (name !== null && typeof name === 'object' && !Array.isArray(name)) {
    const o = name as Item;
    // A whole name before parts, whichever SDK names them (Cordova sends `formatted` beside `givenName`).
    const aliases = nameFromAliases(o);
    const whole = aliases !== null && aliases.used.some((k) => WHOLE_NAME_KEYS.has(k)) ? aliases : null;
    const r = whole ?? wholeName(o, SDK_WHOLE_NAME_FIELDS) ?? aliases ?? nameFromParts(o, SDK_NAME_PART_KEYS);
    if (r === null)
      problems.push({
        field: `entries[${i}].name`,
        message: 'must be a string, or an object with a display_name, full_name, formatted or display, or first_name and last_name',
      });
    else {
      out().name = r.name;
      note('name', `an object, read as its ${r.used.map((k) => `"${k}"`).join(' and ')}; send a string`);
    }
  }

  readAddresses(e, out, i, 'email', 'emails', emailOf, EMAIL_KEYS, EMAIL_UNREADABLE, notes, problems);
  readAddresses(e, out, i, 'phone', 'phones', phoneOf, PHONE_KEYS, PHONE_UNREADABLE, notes, problems);
  return copy ?? e;
}

/**
 * Reads a list of entries (upload entries or record items) leniently: copies of the items it changed,
 * what it read (notes) and what it could not (problems, each naming its field). Identity on items the
 * schema accepts.
 */
export function readItemsLeniently<T>(items: readonly T[], upload = true): LenientItems<T> {
  const notes: Note[] = [];
  const problems: ErrorDetail[] = [];
  let changed = false;
  const out = items.map((item, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item) || problems.length >= MAX_PROBLEMS) return item;
    const r = readEntry(item as Item, i, notes, problems, upload);
    if (r !== (item as Item)) changed = true;
    return r as T;
  });
  return { items: out, changed, notes, problems };
}

/** The notes as `meta.warnings`: one per field and message kind, with the count and the first entries. */
export function warningsOf(notes: readonly Note[]): FieldWarning[] {
  const byKey = new Map<string, FieldWarning>();
  for (const n of notes) {
    // Messages that quote one entry's value are grouped by their kind (the text before the quote).
    const kind = `${n.field}\u0000${n.message.replace(/ \(entries\[\d+\]:.*$/, '')}`;
    let w = byKey.get(kind);
    if (w === undefined) byKey.set(kind, (w = { field: n.field, message: n.message, count: 0, indexes: [] }));
    if (w.indexes!.length === 0 || w.indexes![w.indexes!.length - 1] !== n.index) {
      w.count++;
      if (w.indexes!.length < MAX_INDEXES) w.indexes!.push(n.index);
    }
  }
  return [...byKey.values()];
}

/** A body read leniently: the warnings of what was read, and the body as the client sent it (its raw form is stored). */
interface LenientRead {
  warnings: FieldWarning[];
  original: unknown;
}
const READ = new WeakMap<object, LenientRead>();

/** The warnings of a body validateLeniently read (none for a body the strict schema accepted). */
export function lenientWarningsOf(body: object): FieldWarning[] {
  return READ.get(body)?.warnings ?? [];
}

/** The body as the client sent it, before validateLeniently read it (the body itself when it did not). */
export function originalOf(body: object): unknown {
  const r = READ.get(body);
  return r === undefined ? body : r.original;
}

/** The body as validateLeniently read it, by the error it threw refusing it (the later checks read it: refused.ts). */
const REFUSED = new WeakMap<object, unknown>();

function refused(e: unknown, read: unknown): unknown {
  if (e !== null && typeof e === 'object') REFUSED.set(e, read);
  return e;
}

/** The body validateLeniently refused with `e`, as it read it (its readable forms read); undefined for another error. */
export function refusedBodyOf(e: unknown): unknown {
  return e !== null && typeof e === 'object' ? REFUSED.get(e) : undefined;
}

/**
 * After the strict schema refused `body` (`strictError`): the body read leniently, when that makes it
 * valid (then `validate`, the same strict schema, accepts it), with its warnings noted for the answer
 * (lenientWarningsOf). Throws a 400 naming what no rule reads (an object with no usable value, a count
 * that is no number), else the strict error of what is left (or `strictError` when nothing was read).
 * `upload`: an upload body (else a record batch: only its e-mails, phones and name are read).
 */
export function validateLeniently(body: unknown, strictError: unknown, validate: (b: unknown) => void, upload = true): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw strictError;
  const b = body as Item;
  const entries = b.entries;
  let next: Item = b;
  const notes: Note[] = [];
  let problems: ErrorDetail[] = [];
  if (Array.isArray(entries)) {
    const r = readItemsLeniently(entries, upload);
    notes.push(...r.notes);
    problems = r.problems;
    if (r.changed) next = { ...b, entries: r.items };
  }
  // The owner's phone as a number (source.phone), read as an entry's.
  const source = upload ? b.source : undefined;
  if (source !== null && typeof source === 'object' && !Array.isArray(source) && typeof (source as Item).phone === 'number') {
    const d = digitsOf((source as Item).phone as number);
    if (d === undefined) problems.push({ field: 'source.phone', message: PHONE_UNREADABLE });
    else {
      next = { ...next, source: { ...(source as Item), phone: d } };
      notes.push({
        field: 'source.phone',
        message: 'a JSON number, read as its digits (a number cannot keep a leading + or 0: send phones as strings)',
        index: -1,
      });
    }
  }
  if (problems.length > 0) {
    // What no rule reads, and whatever else the schema still refuses (each field named once).
    let rest: ErrorDetail[] = [];
    try {
      validate(next);
    } catch (e) {
      rest = ((e as { details?: ErrorDetail[] }).details ?? []).filter(
        (d) =>
          !problems.some(
            (p) =>
              p.field === d.field ||
              d.field.startsWith(`${p.field}.`) ||
              d.field.startsWith(`${p.field}[`) ||
              // The list holding an unreadable item (`must be null`: the other branch of its union).
              p.field.startsWith(`${d.field}[`),
          ),
      );
    }
    throw refused(invalidMany([...problems, ...rest].slice(0, MAX_PROBLEMS)), next);
  }
  // The schema's error of the body as read: every field it refuses (compileBodyValidator), where the
  // strict error of the framework names the first one only.
  try {
    validate(next);
  } catch (e) {
    throw refused(e, next);
  }
  if (next === b) throw strictError;
  const warnings = warningsOf(notes).map((w) => (w.field.startsWith('entries[]') ? w : { field: w.field, message: w.message, count: w.count }));
  READ.set(next, { warnings, original: body });
  return next;
}

/** Items read from one SDK list (as the schema bounds Kith's own lists). */
const MAX_SDK_ITEMS = 1000;

/** SDK fields holding a person's e-mail addresses (Google People: value; Graph: address, name; react-native-contacts: email), in the order read. */
const SDK_EMAIL_FIELDS = ['emailAddresses', 'email_addresses'] as const;
/** SDK fields holding a person's phones (Google People: value, canonicalForm; Apple, expo: number, digits; Graph: the last three), in the order read. */
const SDK_PHONE_FIELDS = ['phoneNumbers', 'phone_numbers', 'mobilePhone', 'businessPhones', 'homePhones'] as const;
/** SDK fields of one string, read into Kith's field (Graph: companyName, jobTitle, nickName; Apple, expo: jobTitle). */
const SDK_STRING_FIELDS = [
  ['companyName', 'company'],
  ['jobTitle', 'title'],
  ['nickName', 'nickname'],
] as const;
/** Google People's lists of objects, read into Kith's field from an item's key: organizations, nicknames. */
const SDK_LIST_FIELDS = [
  ['organizations', 'name', 'company'],
  ['organizations', 'title', 'title'],
  ['nicknames', 'value', 'nickname'],
] as const;
/** react-native-contacts' star, read into is_favorite when it is a boolean; and the other SDKs' and exports' names of it. */
const SDK_STARS = ['isStarred', 'isFavorite', 'starred', 'favorite', 'is_starred'] as const;
/**
 * Counts and dates under an SDK's name (Android's contacts provider: `timesContacted`,
 * `lastTimeContacted`, milliseconds since 1970), read into Kith's field when it is absent: a probe found
 * a person the owner wrote to, whose address Kith could not use, left out because `timesContacted` was
 * not read as the owner's evidence.
 */
const SDK_COUNTS = [['timesContacted', 'times_contacted']] as const;
const SDK_DATES = [['lastTimeContacted', 'last_message_sent_date']] as const;

/** Every field an entry may name its person or their addresses in besides Kith's own (read when Kith's is absent). */
export const OTHER_FIELD_KEYS: ReadonlySet<string> = new Set<string>([
  ...NAME_ALIAS_KEYS,
  ...SDK_EMAIL_FIELDS,
  ...SDK_PHONE_FIELDS,
  ...SDK_STRING_FIELDS.map(([k]) => k),
  ...SDK_LIST_FIELDS.map(([k]) => k),
  ...SDK_STARS,
  ...SDK_COUNTS.map(([k]) => k),
  ...SDK_DATES.map(([k]) => k),
]);

/** One field of an entry read into a Kith field (or looked at and not read): its key and what it was read as. */
export interface OtherFieldNote {
  key: string;
  message: string;
}

/**
 * What an entry's other fields give: Kith fields to add to it (none of them given), the other field each
 * was read from (what an error about its value names: for `emails` and `phones` one per value read, in
 * their order; for a name joined from parts, its longest part's), and a note per field looked at.
 */
export interface OtherFields {
  fields: Partial<EntryInput>;
  from: Partial<Record<keyof EntryInput, string | string[]>>;
  notes: OtherFieldNote[];
}

/** Whether a Kith field is not given: absent, null, blank, or an empty list (only then is another field read into it). */
function notGiven(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

const readAs = (target: string, none: string) =>
  `read as "${target}" (the entry has no ${none}; a given one is never overridden or added to); send "${target}"`;
const NAME_READ = 'read as "name" (the entry has no "name"; a given "name" is never overridden); send "name"';
const NAME_PART_READ = 'read as part of "name" (the entry has no "name"; a given "name" is never overridden); send "name"';
const FAX_LEFT_OUT = "an item labelled fax, pager, assistant or company main: not read as a phone (not the person's own number, as in contact files)";
const unusable = (keys: readonly string[]) =>
  `an item with no usable value (a string, or an object with ${keys.map((k) => `"${k}"`).join(', ')}), not read; nothing is made of it`;
const EMAIL_UNUSABLE = unusable(EMAIL_KEYS);
const PHONE_UNUSABLE = unusable(PHONE_KEYS);

/** An SDK phone item's label (`label`, or Google's `type`) says it is a fax, a pager…: not the person's phone. */
function isNotPersonalPhone(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const label = (v as Item).label ?? (v as Item).type;
  return typeof label === 'string' && isNotPersonalPhoneLabel(label);
}

/**
 * Reads one SDK field of addresses (a list, or one value: Graph's mobilePhone): the values read, how
 * many items were faxes and the like (phones), and how many had no usable value.
 */
function sdkValues(v: unknown, read: (x: unknown) => { value: string } | undefined, phones: boolean) {
  const values: string[] = [];
  let notPersonal = 0;
  let unusableItems = 0;
  for (const item of Array.isArray(v) ? v.slice(0, MAX_SDK_ITEMS) : [v]) {
    if (item === null) continue;
    if (phones && isNotPersonalPhone(item)) {
      notPersonal++;
      continue;
    }
    const r = read(item);
    if (r === undefined || r.value.trim() === '') unusableItems++;
    else values.push(r.value);
  }
  return { values, notPersonal, unusable: unusableItems };
}

/**
 * The e-mails (or phones) an entry's SDK list fields `keys` give, in the order read (at most
 * MAX_SDK_ITEMS), beside the field each came from; a note per field looked at (read, faxes left out, items
 * with nothing usable). Null when no field gives one.
 */
function sdkList(e: Record<string, unknown>, keys: readonly string[], phones: boolean, notes: OtherFieldNote[]): [string[], string[]] | null {
  const values: string[] = [];
  const from: string[] = [];
  for (const k of keys) {
    if (e[k] === undefined || e[k] === null) continue;
    const r = sdkValues(e[k], phones ? phoneOf : emailOf, phones);
    if (r.values.length > 0) notes.push({ key: k, message: phones ? readAs('phones', '"phone" or "phones"') : readAs('emails', '"email" or "emails"') });
    if (r.notPersonal > 0) notes.push({ key: k, message: FAX_LEFT_OUT });
    if (r.unusable > 0) notes.push({ key: k, message: phones ? PHONE_UNUSABLE : EMAIL_UNUSABLE });
    values.push(...r.values);
    for (let j = 0; j < r.values.length; j++) from.push(k);
  }
  return values.length === 0 ? null : [values.slice(0, MAX_SDK_ITEMS), from.slice(0, MAX_SDK_ITEMS)];
}

/**
 * The Kith fields an entry's other fields give, where the entry has none of its own (never over a given
 * one, never added to one): the name (other name fields, Google's `names`, else Graph's
 * `emailAddresses[].name`), e-mails and phones from the SDKs' lists, company, title, nickname and
 * is_favorite; with a note per field looked at (read as what, or why not: a fax, nothing usable).
 * A field not noted is not read (its Kith field was given, or it holds nothing of the kind).
 */
export function readOtherFields(e: Record<string, unknown>): OtherFields {
  const fields: Partial<EntryInput> = {};
  const from: Partial<Record<keyof EntryInput, string | string[]>> = {};
  const notes: OtherFieldNote[] = [];
  if (hasNoName(e)) {
    const r = nameFromAliases(e);
    if (r !== null) {
      fields.name = r.name;
      // The part an error about the name's length names: the longest (one alone is the whole name's field).
      from.name = r.used.reduce((a, k) => ((part(e[k])?.length ?? 0) > (part(e[a])?.length ?? 0) ? k : a));
      for (const k of r.used) notes.push({ key: k, message: WHOLE_NAME_KEYS.has(k) ? NAME_READ : NAME_PART_READ });
    }
  }
  if (notGiven(e.email) && notGiven(e.emails)) {
    const r = sdkList(e, SDK_EMAIL_FIELDS, false, notes);
    if (r !== null) [fields.emails, from.emails] = r;
  }
  if (fields.name === undefined && hasNoName(e) && Array.isArray(e.emailAddresses)) {
    // Graph's name of an address (`{"name": "Ann Lee", "address": …}`), when nothing else names the person.
    for (const item of primaryFirst(e.emailAddresses)) {
      const n = part(item.name);
      if (n === null || n.includes('@')) continue;
      fields.name = n;
      from.name = 'emailAddresses';
      notes.push({
        key: 'emailAddresses',
        message: 'its items\' "name" read as "name" (the entry has no "name" nor other name field; a given "name" is never overridden); send "name"',
      });
      break;
    }
  }
  if (notGiven(e.phone) && notGiven(e.phones)) {
    const r = sdkList(e, SDK_PHONE_FIELDS, true, notes);
    if (r !== null) [fields.phones, from.phones] = r;
  }
  for (const [k, target] of SDK_STRING_FIELDS) {
    const v = part(e[k]);
    if (v === null || !notGiven(e[target]) || fields[target] !== undefined) continue;
    fields[target] = v;
    from[target] = k;
    notes.push({ key: k, message: readAs(target, `"${target}"`) });
  }
  for (const [k, key, target] of SDK_LIST_FIELDS) {
    if (!Array.isArray(e[k]) || !notGiven(e[target]) || fields[target] !== undefined) continue;
    for (const item of primaryFirst(e[k])) {
      const v = part(item[key]);
      if (v === null) continue;
      fields[target] = v;
      from[target] = k;
      notes.push({ key: k, message: readAs(target, `"${target}"`).replace('read as', `its "${key}" read as`) });
      break;
    }
  }
  for (const k of SDK_STARS) {
    if (typeof e[k] !== 'boolean' || !notGiven(e.is_favorite) || fields.is_favorite !== undefined) continue;
    fields.is_favorite = e[k];
    from.is_favorite = k;
    notes.push({ key: k, message: `a boolean, ${readAs('is_favorite', '"is_favorite"')}` });
  }
  for (const [k, target] of SDK_COUNTS) {
    const v = e[k];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || !notGiven(e[target])) continue;
    fields[target] = v;
    from[target] = k;
    notes.push({ key: k, message: `a count, ${readAs(target, `"${target}"`)}` });
  }
  for (const [k, target] of SDK_DATES) {
    const v = e[k];
    // A number (milliseconds since 1970, as Android writes it; 0 is "never") or a date string, as Kith's own field takes it.
    if (!((typeof v === 'number' && v > 0) || (typeof v === 'string' && v.trim() !== '')) || !notGiven(e[target])) continue;
    fields[target] = v as never;
    from[target] = k;
    notes.push({ key: k, message: `a date, ${readAs(target, `"${target}"`)}` });
  }
  return { fields, from, notes };
}

/** Whether an entry holds any field readOtherFields reads (a well-formed Kith entry has none). */
function hasOtherFields(e: Item): boolean {
  for (const k in e) if (OTHER_FIELD_KEYS.has(k)) return true;
  return false;
}

/**
 * The entries of a stored raw upload as the edge read them when it was received: the lenient reading
 * (identity on well-formed entries), then the name and SDK fields read where the entry has no Kith
 * field of its own (readOtherFields). For `kith reclean`.
 */
export function readStoredEntries(entries: unknown[]): EntryInput[] {
  const read = readItemsLeniently(entries).items;
  return read.map((e) => {
    if (e === null || typeof e !== 'object' || Array.isArray(e) || !hasOtherFields(e as Item)) return e;
    const r = readOtherFields(e as Item);
    return Object.keys(r.fields).length === 0 ? e : { ...(e as Item), ...r.fields };
  }) as EntryInput[];
}
