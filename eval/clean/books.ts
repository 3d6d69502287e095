/**
 * Messy books: a person is split across sources (gmail with e-mail, iOS with a national phone, Android
 * without any region), under name variants and address spellings, duplicated, with junk injected and with
 * traps that must NOT merge (a family landline, an office switchboard, namesakes, unnamed colleagues).
 * Every entry carries its truth label (person id, or 'junk:<kind>:<n>') beside it, never inside it.
 */
import { COUNTRIES, emailVariant, nameVariant, personFor, phoneVariant, slug } from './people.ts';
import type { Person } from './people.ts';
import { JUNK_KINDS, junkAddress } from './junk.ts';
import type { JunkKind } from './junk.ts';
import { chance, hash, int, pick, rng, shuffle } from './prng.ts';
import type { Rng } from './prng.ts';
import type { EntryInput, SourceInput } from '../../src/domain/types.ts';
import { normalizeEmail } from '../../src/domain/email.ts';

export interface Activity {
  times: number;
  lastSent: string | null;
  lastReceived: string | null;
}
export interface BookPerson {
  person: Person;
  activity: Activity;
}
export interface Upload {
  source: SourceInput;
  entries: EntryInput[];
  truth: string[];
}
export interface MessyBook {
  id: string;
  uploads: Upload[];
  /** truth label -> junk kind, for junk entries. */
  junkKinds: Map<string, JunkKind>;
  /** Persons whose every entry holds only a keyless or junk address (nothing to invite): none by construction. */
  persons: Set<string>;
}

export interface BookOptions {
  /** Junk entries per real person (0.15 = 15 junk senders per 100 people). */
  junkRate: number;
  duplicateRate: number;
  traps: boolean;
  /**
   * Share of entries sent as a platform SDK gives them, with the SDK's field names (the gmail upload as
   * Google People API persons, the phone uploads as react-native-contacts contacts): the service reads
   * them at its edge (services/address-book-answers.ts entriesAsRead). Decided by a stream of its own, so
   * the books are otherwise the same whatever the share.
   */
  sdkRate?: number;
}

/** All e-mails and phones of an entry, list and single field together. */
const allOf = (list: string[] | null | undefined, one: string | null | undefined): string[] => [...(list ?? []), ...(one ? [one] : [])];

/**
 * The entry as a platform SDK writes it: Google People API's person (gmail) or a react-native-contacts
 * contact (phones), the counts and dates left as Kith's fields (no SDK has them). Nothing of the person
 * is dropped: the name, every address and number.
 */
export function sdkShape(u: Upload, e: EntryInput): EntryInput {
  const { name, emails, email, phones, phone, is_favorite, ...rest } = e;
  const es = allOf(emails, email);
  const ps = allOf(phones, phone);
  const out: Record<string, unknown> = { ...rest };
  if (u.source.type === 'gmail') {
    if (name) out.names = [{ displayName: name }];
    if (es.length) out.emailAddresses = es.map((value, i) => ({ value, type: i === 0 ? 'home' : 'work' }));
    if (ps.length) out.phoneNumbers = ps.map((value) => ({ value, type: 'mobile' }));
    if (is_favorite !== undefined) out.is_favorite = is_favorite;
  } else {
    if (name) out.displayName = name;
    if (es.length) out.emailAddresses = es.map((address) => ({ label: 'home', email: address }));
    if (ps.length) out.phoneNumbers = ps.map((number) => ({ label: 'mobile', number }));
    if (is_favorite !== undefined) out.isStarred = is_favorite === 1 || is_favorite === true;
  }
  return out as EntryInput;
}

const DAY = 86_400_000;

/** ISO date `days` before `ref` (epoch ms). */
const iso = (ref: number, days: number) => new Date(ref - days * DAY).toISOString();

export function buildBook(r: Rng, id: string, owner: Person, people: BookPerson[], ref: number, opt: BookOptions): MessyBook {
  people = people.slice();
  const gmail: Upload = { source: { type: 'gmail', email: owner.emails[0], name: owner.name }, entries: [], truth: [] };
  const ios: Upload = { source: { type: 'ios', phone: `+${owner.country.cc}${owner.mobile}`, name: owner.given }, entries: [], truth: [] };
  const android: Upload = { source: { type: 'android' }, entries: [], truth: [] };
  const junkKinds = new Map<string, JunkKind>();
  const persons = new Set<string>();
  const sdk = rng(hash(`sdk:${id}`));
  const shaped = (u: Upload, e: EntryInput): EntryInput => ((opt.sdkRate ?? 0) > 0 && chance(sdk, opt.sdkRate!) ? sdkShape(u, e) : e);
  const add = (u: Upload, e: EntryInput, truth: string) => {
    u.entries.push(shaped(u, e));
    u.truth.push(truth);
    if (chance(r, opt.duplicateRate)) {
      // Duplicate in the same source: a copy, sometimes with the name re-typed (never a header's encoded
      // text, which nobody re-types: upper-casing base64 would make it another string).
      u.entries.push(shaped(u, { ...e, name: chance(r, 0.5) || e.name?.includes('=?') ? e.name : (e.name?.toUpperCase() ?? null) }));
      u.truth.push(truth);
    }
  };

  // An address or mobile belongs to one person: persona collisions in the pools get a distinct suffix.
  const takenEmail = new Set<string>(owner.emails.map((x) => normalizeEmail(x)?.key ?? x));
  const takenPhone = new Set<string>([owner.mobile]);
  people = people.map(({ person, activity }) => {
    // Uniqueness on the mailbox, not the string: "ann.lee@gmail.com" and "annlee@gmail.com" are one mailbox.
    const mailbox = (x: string) => normalizeEmail(x)?.key ?? x.toLowerCase();
    const emails = person.emails.map((e) => {
      let x = e;
      for (let n = 2; takenEmail.has(mailbox(x)); n++) x = e.replace('@', `${n}@`);
      takenEmail.add(mailbox(x));
      return x;
    });
    let mobile = person.mobile;
    while (takenPhone.has(mobile)) mobile = person.country.mobile(r);
    takenPhone.add(mobile);
    return { person: { ...person, emails, mobile }, activity };
  });
  // What each person has already appeared with, so every later entry shares a key with an earlier one
  // (entries that share nothing cannot be merged by anyone; that would test the generator, not the cleaner).
  const seenEmails = new Map<string, Set<string>>();
  const seenPhone = new Set<string>();
  const note = (p: Person, e: EntryInput) => {
    const s = seenEmails.get(p.id) ?? new Set<string>();
    for (const x of [...(e.emails ?? []), ...(e.email ? [e.email] : [])]) s.add(x.trim().toLowerCase());
    seenEmails.set(p.id, s);
    if (e.phone || e.phones?.length) seenPhone.add(p.id);
  };
  /** Adds to `e` something the person already appeared with, unless it shares a key already. */
  const anchor = (p: Person, e: EntryInput) => {
    const seen = seenEmails.get(p.id);
    const mine = [...(e.emails ?? []), ...(e.email ? [e.email] : [])].map((x) => x.trim().toLowerCase());
    if (seen && mine.some((x) => p.emails.some((pe) => pe.toLowerCase() === x) && seen.has(x))) return;
    if (!seen?.size && !seenPhone.has(p.id)) return; // first appearance
    if (seenPhone.has(p.id)) e.phones = [...(e.phones ?? []), `+${p.country.cc}${p.mobile}`];
    else e.emails = [...(e.emails ?? []), p.emails[0]];
  };

  for (const { person: p, activity: a } of people) {
    persons.add(p.id);
    const local = p.country.region === owner.country.region;
    const act = { times_contacted: a.times, last_message_sent_date: a.lastSent, last_message_received_date: a.lastReceived };
    const inGmail = chance(r, 0.85);
    const inIos = !inGmail || chance(r, 0.55);
    const inAndroid = chance(r, 0.3);
    const keysSoFar: ('email' | 'phone')[] = [];
    if (inGmail) {
      const e: EntryInput = {
        name: chance(r, 0.3) ? null : nameVariant(r, p),
        emails: p.emails.filter((_, i) => i === 0 || chance(r, 0.6)).map((x) => emailVariant(r, x)),
        ...act,
      };
      keysSoFar.push('email');
      if (chance(r, 0.3)) {
        e.phones = [phoneVariant(r, p, false)];
        keysSoFar.push('phone');
      }
      note(p, { emails: e.emails!.length ? p.emails.filter((_, i) => i === 0) : [], phones: e.phones });
      add(gmail, e, p.id);
    }
    if (inIos) {
      const e: EntryInput = {
        name: nameVariant(r, p) ?? p.given,
        phone: phoneVariant(r, p, local),
        is_favorite: chance(r, 0.05) ? 1 : 0,
        pinned: chance(r, 0.02) ? int(r, 1, 9) : 0,
      };
      if (!inGmail) Object.assign(e, act);
      // iOS holds the e-mail sometimes; always when nothing else could link it to the gmail entry.
      if (chance(r, 0.4) || (inGmail && !keysSoFar.includes('phone'))) e.email = emailVariant(r, p.emails[0]);
      note(p, { email: e.email ? p.emails[0] : null, phone: e.phone });
      add(ios, e, p.id);
    }
    if (inAndroid) {
      // No region known for this source: a local number stays national-only ('n:' key).
      const e: EntryInput = { name: nameVariant(r, p), phones: [phoneVariant(r, p, local)], times_contacted: 0 };
      const addr = pick(r, p.emails);
      if (chance(r, 0.5)) e.emails = [emailVariant(r, addr)];
      const seen = seenEmails.get(p.id);
      const first = !seenPhone.has(p.id) && !seen?.size;
      const linked = seenPhone.has(p.id) || (e.emails !== undefined && seen?.has(addr.toLowerCase()));
      if (!first && !linked && seen?.size) e.emails = [...(e.emails ?? []), emailVariant(r, [...seen][0])];
      // A card made from an e-mail: the phone saved its address as its name.
      if (e.emails && chance(r, 0.1)) e.name = e.emails[0]!;
      note(p, { emails: e.emails ? [addr] : [], phones: e.phones });
      add(android, e, p.id);
    }
  }

  // Junk: senders with recent received activity and nothing sent; some with a phone-only service code.
  const nJunk = Math.round(people.length * opt.junkRate);
  const ownerDomain = owner.emails[0].split('@')[1];
  for (let i = 0; i < nJunk; i++) {
    const kind = JUNK_KINDS[i % JUNK_KINDS.length];
    const j = junkAddress(r, kind, ownerDomain);
    const label = `junk:${kind}:${i}`;
    junkKinds.set(label, kind);
    const e: EntryInput = { name: j.name, last_message_received_date: iso(ref, int(r, 0, 20)), times_contacted: 0 };
    if (j.email) e.email = j.email;
    if (j.phone) e.phone = j.phone;
    add(kind === 'nothing' ? ios : chance(r, 0.8) ? gmail : android, e, label);
  }
  // Junk attached to real people: a relay or no-reply address saved under a person's entry.
  for (const { person: p } of people) {
    if (!chance(r, 0.04)) continue;
    const j = junkAddress(r, pick(r, ['relay', 'listing', 'no_reply'] as JunkKind[]), ownerDomain);
    const e: EntryInput = { name: p.name, emails: [p.emails[0], j.email as string] };
    anchor(p, e); // the person may so far have appeared with a phone only
    add(gmail, e, p.id);
  }

  if (opt.traps && people.length >= 8) {
    const ps = shuffle(r, people.map((x) => x.person).slice());
    // Family landline: 2-3 people with different given names on one home number (in the owner's country).
    const fam = ps.slice(0, int(r, 2, 3)).filter((p, i, xs) => xs.findIndex((q) => q.given === p.given) === i);
    const landline = `+${owner.country.cc}${owner.country.mobile(r)}`;
    for (const p of fam) {
      // The own mobile anchors the card when the person appeared with it; else their e-mail does.
      const e: EntryInput = { name: p.name, phones: [`+${p.country.cc}${p.mobile}`, landline] };
      anchor(p, e);
      add(ios, e, p.id);
    }
    // Office switchboard: colleagues with their own addresses, one shared number (sometimes with extensions).
    const office = ps.slice(3, 3 + int(r, 4, 6));
    const board = `+${owner.country.cc}${owner.country.mobile(r)}`;
    for (const p of office) {
      const e: EntryInput = { name: nameVariant(r, p), emails: [p.emails[0]], phones: [chance(r, 0.3) ? `${board} ext. ${int(r, 10, 99)}` : board] };
      anchor(p, e);
      add(gmail, e, p.id);
    }
    // Unnamed colleagues (gmail exports often carry no names) on another shared number.
    const unnamed = ps.slice(10, 13);
    const desk = `+${owner.country.cc}${owner.country.mobile(r)}`;
    if (unnamed.length === 3) {
      for (const p of unnamed) {
        const e: EntryInput = { name: null, emails: [p.emails[p.emails.length - 1]], phone: desk };
        anchor(p, e);
        add(gmail, e, p.id);
      }
    }
    // Namesakes: a different person with exactly the same name as someone in the book.
    const twin = ps[0];
    const other = personFor(`namesake:${id}:${twin.id}`);
    const namesake: Person = { ...other, given: twin.given, family: twin.family, name: twin.name };
    persons.add(namesake.id);
    add(gmail, { name: namesake.name, email: namesake.emails[0], times_contacted: int(r, 1, 5), last_message_sent_date: iso(ref, int(r, 1, 60)) }, namesake.id);
    // One mailbox under a label that is no form of the name: a maiden or married name, or what the owner
    // calls them. A card holding nothing but an address the person already appeared with: the same person.
    const relabelled = ps[13];
    const seenAddr = relabelled === undefined ? undefined : [...(seenEmails.get(relabelled.id) ?? [])][0];
    if (relabelled !== undefined && seenAddr !== undefined) {
      const others = relabelled.country.family.filter((f) => f !== relabelled.family);
      const label = chance(r, 0.5) ? `${relabelled.given} ${pick(r, others)}` : pick(r, ['Mum', 'Boss', 'Landlord', 'Coach', 'Babe']);
      add(android, { name: label, emails: [seenAddr] }, relabelled.id);
    }
    // A family mailbox: two people of the book, each with a mobile of their own, on one home address.
    const [fa, fb] = [ps[14], ps[15]];
    if (fa !== undefined && fb !== undefined && fa.given !== fb.given) {
      const home = `${slug(fa.family)}.family${int(r, 1, 999)}@gmail.com`;
      for (const p of [fa, fb]) {
        const e: EntryInput = { name: p.name, emails: [home], phones: [`+${p.country.cc}${p.mobile}`] };
        anchor(p, e);
        add(gmail, e, p.id);
      }
    }
  }

  if (opt.traps && people.length >= 19) {
    const ps = shuffle(r, people.map((x) => x.person).slice());
    // Two of a family on their landline, saved on the phone, whose given names start alike (Eric / Erica,
    // Paul / Pauline), each with a mobile: two people, never one.
    const household = `+${owner.country.cc}${owner.country.mobile(r)}`;
    const kin = ps[18];
    const pair = pick(r, [
      ['Eric', 'Erica'],
      ['Paul', 'Pauline'],
      ['Dan', 'Dana'],
      ['Jan', 'Janet'],
      ['Max', 'Maxine'],
      ['Leo', 'Leona'],
    ]);
    if (kin !== undefined) {
      pair.forEach((given, k) => {
        const o = personFor(`sibling:${id}:${kin.id}:${k}`);
        const sib: Person = { ...o, given, family: kin.family, name: `${given} ${kin.family}` };
        persons.add(sib.id);
        add(ios, { name: sib.name, phones: [`+${sib.country.cc}${sib.mobile}`, household] }, sib.id);
      });
    }
  }

  for (const u of [gmail, ios, android]) {
    const order = shuffle(
      r,
      u.entries.map((_, i) => i),
    );
    u.entries = order.map((i) => u.entries[i]);
    u.truth = order.map((i) => u.truth[i]);
  }
  return { id, uploads: [gmail, ios, android].filter((u) => u.entries.length > 0), junkKinds, persons };
}

/** Activity of a generated person: most written to, some only writing to the owner. */
export function randomActivity(r: Rng, ref: number): Activity {
  if (chance(r, 0.25)) return { times: 0, lastSent: null, lastReceived: iso(ref, int(r, 0, 400)) };
  const times = Math.floor(-Math.log(1 - r()) * 12) + 1;
  return { times, lastSent: iso(ref, int(r, 0, 365)), lastReceived: chance(r, 0.7) ? iso(ref, int(r, 0, 365)) : null };
}

export { COUNTRIES };
