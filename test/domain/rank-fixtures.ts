/** Builders for ranker tests: contacts, owners and empty signals. */
import type { BookSignals, Contact, Owner, SignalsWanted } from '../../src/domain/types.ts';

export const DAY = 86_400_000;
/** A fixed "newest activity" for books in tests (2010-06-01). */
export const T0 = Date.UTC(2010, 5, 1);

let nextId = 0;

/** A contact with one e-mail at example.com; override anything. */
export function contact(over: Partial<Contact> = {}): Contact {
  const id = over.id ?? nextId++;
  const email = `p${id}@example.com`;
  return {
    id,
    name: null,
    nickname: null,
    title: null,
    company: null,
    emails: [{ display: email, key: email, domain: 'example.com', junk: null }],
    phones: [],
    photos: [],
    data: {},
    favorite: false,
    pinned: 0,
    timesContacted: null,
    lastSent: null,
    lastReceived: null,
    addressCount: 0,
    websiteCount: 0,
    imCount: 0,
    sourceCount: 1,
    entryCount: 1,
    keys: [`e:${email}`],
    junk: false,
    junkReason: null,
    ...over,
  };
}

export function owner(over: Partial<Owner> = {}): Owner {
  return { names: [], keys: ['e:me@mine.example'], emailDomains: ['mine.example'], phone: null, region: null, ...over } as Owner;
}

export function signals(over: Partial<BookSignals> = {}): BookSignals {
  return {
    knownBy: new Map(),
    reciprocal: new Map(),
    appUserKeys: new Set(),
    invitedKeys: new Map(),
    acceptedKeys: new Set(),
    seenKeys: new Map(),
    ...over,
  };
}

/** `s` with only the parts `w` wants (the others empty): what loadSignals returns when asked for `w`. */
export function onlyWanted(s: BookSignals, w: SignalsWanted): BookSignals {
  return {
    knownBy: w.knownBy ? s.knownBy : new Map(),
    reciprocal: w.reciprocal ? s.reciprocal : new Map(),
    appUserKeys: w.appUsers ? s.appUserKeys : new Set(),
    invitedKeys: w.invited ? s.invitedKeys : new Map(),
    acceptedKeys: w.accepted ? s.acceptedKeys : new Set(),
    seenKeys: w.seen ? s.seenKeys : new Map(),
  };
}
