/**
 * Whether a number is a mobile: one person's phone, as an address is one mailbox (links.ts linkKey reads a
 * card that holds nothing but someone's mobile as a copy of it, whatever its label). Read off
 * libphonenumber's full metadata, loaded on the first question (about 12 ms, once): the merge asks only
 * about a number whose holders' names disagree. Only a number the metadata calls a mobile outright;
 * North America's numbers (`FIXED_LINE_OR_MOBILE`) and every landline, where a family or an office
 * shares one number, are left to the names.
 */
import { createRequire } from 'node:module';
import { type MetadataJson, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { TwoGenerationCache } from '../cache.ts';

let metadata: MetadataJson | null = null;
const known = new TwoGenerationCache<string, boolean>(20_000);

/** Whether an E.164 number ('+4917012345678') is a mobile number by the full metadata. */
export function isMobileNumber(e164: string): boolean {
  const hit = known.get(e164);
  if (hit !== undefined) return hit;
  metadata ??= createRequire(import.meta.url)('libphonenumber-js/metadata.max.json') as MetadataJson;
  const mobile = parsePhoneNumberFromString(e164, metadata)?.getType() === 'MOBILE';
  known.set(e164, mobile);
  return mobile;
}
