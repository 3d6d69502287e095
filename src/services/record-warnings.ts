/**
 * The e-mails and numbers of a record (an invite, an app user, a suggestion shown) that cannot be read
 * while the record is kept by another of its values: they are not recorded, and `meta.warnings` names
 * them (the field, how many records, their first indexes), as it names a number left out for want of a
 * country. They were dropped without a word.
 */
import type { CountryCode } from 'libphonenumber-js';
import { keysFor } from '../domain/normalize.ts';
import { MAX_INDEXES } from './lenient.ts';
import type { FieldWarning } from './upload-warnings.ts';

/** The fields of a record that hold its e-mails and numbers, in the order warned about. */
export const CHANNEL_FIELDS = ['email', 'emails', 'phone', 'phones'] as const;
export type ChannelField = (typeof CHANNEL_FIELDS)[number];

/** The values given in a channel field: its non-blank strings (null, blank, another type: not given). */
function givenValues(v: unknown): string[] {
  const given = (x: unknown): x is string => typeof x === 'string' && x.trim() !== '';
  if (Array.isArray(v)) return v.filter(given);
  return given(v) ? [v] : [];
}

/**
 * The channel fields of `item` holding a value that reads as no address and no number (keysFor, in
 * `region` as the record's keys are read): each field once. A record giving one value only is not
 * looked at (kept, its value was read; not kept, the 400 names it): one parse more only for records of
 * several values.
 */
export function unreadableFields(item: Record<string, unknown>, region: CountryCode | null): ChannelField[] {
  const values = CHANNEL_FIELDS.map((f) => givenValues(item[f]));
  if (values.reduce((n, v) => n + v.length, 0) <= 1) return [];
  const out: ChannelField[] = [];
  CHANNEL_FIELDS.forEach((f, k) => {
    const single = f === 'email' || f === 'emails' ? 'email' : 'phone';
    if (values[k].some((v) => keysFor({ [single]: v }, region).length === 0)) out.push(f);
  });
  return out;
}

const MESSAGES: Record<ChannelField, string> = {
  email:
    'is no e-mail address that can be read (text that is no address, or a placeholder such as x@x.com): not recorded (the record matches by its other e-mails and numbers)',
  emails:
    'an item is no e-mail address that can be read (text that is no address, or a placeholder such as x@x.com): not recorded (the record matches by its other e-mails and numbers)',
  phone: 'is no phone number that can be read: not recorded (the record matches by its other e-mails and numbers)',
  phones: 'an item is no phone number that can be read: not recorded (the record matches by its other e-mails and numbers)',
};

/** The records (by index) of a batch with values left out, per field, and the warnings naming them. */
export class UnreadValues {
  readonly #byField = new Map<ChannelField, number[]>();

  /** Notes record `i`'s unreadable fields (unreadableFields). */
  add(i: number, fields: readonly ChannelField[]): void {
    for (const f of fields) {
      let list = this.#byField.get(f);
      if (list === undefined) this.#byField.set(f, (list = []));
      if (list[list.length - 1] !== i) list.push(i); // a record counts once
    }
  }

  /** One warning per field (`entries[].emails`), with the count of records and the first indexes. */
  warnings(): FieldWarning[] {
    return CHANNEL_FIELDS.flatMap((f) => {
      const these = this.#byField.get(f);
      if (these === undefined) return [];
      return [{ field: `entries[].${f}`, message: MESSAGES[f], count: these.length, indexes: these.slice(0, MAX_INDEXES) }];
    });
  }
}
