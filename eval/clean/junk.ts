/**
 * Junk of many kinds, as it shows up in real books: automated senders with high received activity,
 * relays, listing replies, bulk platforms, disposable addresses, and role mailboxes that only ever send.
 * `kind` is the generator's truth label (the cleaner never sees it).
 */
import { chance, int, pick } from './prng.ts';
import type { Rng } from './prng.ts';

export type JunkKind =
  | 'no_reply'
  | 'mailer_daemon'
  | 'bounce'
  | 'notification'
  | 'relay'
  | 'listing'
  | 'bulk_platform'
  | 'disposable'
  | 'bulk_sender'
  | 'nothing';

const BRANDS = [
  'acmebank',
  'shopwise',
  'travelnest',
  'fitbuddy',
  'paperly',
  'cloudnine',
  'quickcart',
  'streamly',
  'homely',
  'learnhub',
  'mealbox',
  'ridego',
  'petpal',
  'bookworm',
  'ticketeer',
  'gadgetry',
  'fundly',
  'newsdesk',
  'stylehaus',
  'jobsnap',
];
const TLDS = ['com', 'io', 'co.uk', 'de', 'fr', 'com.br'];

const hex = (r: Rng, n: number) => Array.from({ length: n }, () => '0123456789abcdef'[int(r, 0, 15)]).join('');
const token = (r: Rng, n: number) => Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[int(r, 0, 35)]).join('');
const title = (s: string) => s[0].toUpperCase() + s.slice(1);

export interface JunkAddress {
  kind: JunkKind;
  email: string | null;
  phone?: string;
  name: string | null;
}

/** One junk address of the given kind. */
export function junkAddress(r: Rng, kind: JunkKind, ownerDomain: string): JunkAddress {
  const b = pick(r, BRANDS);
  const dom = `${b}.${pick(r, TLDS)}`;
  const brandName = chance(r, 0.7) ? title(b) : null;
  switch (kind) {
    case 'no_reply':
      return {
        kind,
        name: brandName,
        email: pick(r, [
          `noreply@${dom}`,
          `no-reply@accounts.${dom}`,
          `donotreply@${dom}`,
          `${b}-noreply@${dom}`,
          `No_Reply@mail.${dom}`,
          `do-not-reply@${dom}`,
        ]),
      };
    case 'mailer_daemon':
      return {
        kind,
        name: pick(r, ['Mail Delivery Subsystem', 'Mail Delivery System', null]),
        email: pick(r, [`MAILER-DAEMON@${ownerDomain}`, `mailer-daemon@mx${int(r, 1, 9)}.${dom}`, `postmaster@${dom}`]),
      };
    case 'bounce':
      return {
        kind,
        name: brandName,
        email: pick(r, [
          `bounces+${int(r, 1000, 99999)}-${hex(r, 8)}@em.${dom}`,
          `bounce-${int(r, 10, 9999)}@${dom}`,
          `bounce@news.${dom}`,
          `msprvs1=${token(r, 10)}=bounces-${int(r, 100, 999)}@${dom}`,
        ]),
      };
    case 'notification':
      return {
        kind,
        name: brandName,
        email: pick(r, [
          `notifications@${dom}`,
          `alerts@${dom}`,
          `newsletter@${dom}`,
          `updates@${dom}`,
          'notification@facebookmail.com',
          `digest@${dom}`,
          `notify@${dom}`,
        ]),
      };
    case 'relay':
      return {
        kind,
        name: chance(r, 0.5) ? brandName : null,
        email: pick(r, [
          `reply+${hex(r, 24).toUpperCase()}@reply.github.com`,
          `reply-${token(r, 16)}@${dom}`,
          `${token(r, 10)}@privaterelay.appleid.com`,
          `${hex(r, 20)}-${hex(r, 8)}@${dom}`,
        ]),
      };
    case 'listing':
      return {
        kind,
        name: pick(r, [null, 'Craigslist buyer', 'Guest', 'Seller']),
        email: pick(r, [
          `${token(r, 12)}@${pick(r, ['sale', 'hous', 'serv', 'reply'])}.craigslist.org`,
          `${pick(r, ['anna', 'mark', 'li'])}.${int(r, 100000, 999999)}@guest.booking.com`,
          `${token(r, 14)}@marketplace.amazon.${pick(r, ['com', 'de', 'co.uk'])}`,
        ]),
      };
    case 'bulk_platform':
      return {
        kind,
        name: brandName,
        email: pick(r, [
          `${hex(r, 16)}@amazonses.com`,
          `bounce-mc.us${int(r, 1, 20)}_${int(r, 1e6, 9e6)}@mail${int(r, 1, 200)}.mcsv.net`,
          `${token(r, 8)}@cmail${int(r, 1, 20)}.com`,
          `${token(r, 10)}@sendgrid.net`,
        ]),
      };
    case 'disposable':
      return {
        kind,
        name: null,
        email: `${token(r, 8)}@${pick(r, ['mailinator.com', 'guerrillamail.com', '10minutemail.com', 'yopmail.com', 'trashmail.com', 'sharklasers.com'])}`,
      };
    case 'bulk_sender':
      return { kind, name: brandName, email: `${pick(r, ['hello', 'team', 'info', 'news', 'marketing', 'offers', 'contact'])}@${dom}` };
    case 'nothing':
      return {
        kind,
        name: pick(r, ['Voicemail', 'Balance', 'Roadside help', null]),
        email: null,
        phone: pick(r, ['*86', '611', '#31#', '112', '1-800-FLOWERS x2']),
      };
  }
}

export const JUNK_KINDS: JunkKind[] = [
  'no_reply',
  'mailer_daemon',
  'bounce',
  'notification',
  'relay',
  'listing',
  'bulk_platform',
  'disposable',
  'bulk_sender',
  'nothing',
];
