import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  aliasKeysOutside,
  ALL_SIGNALS,
  applyRankOptions,
  noSignals,
  OptionError,
  parseFlag,
  parseRankOptions,
  readRankOptions,
  signalsUsed,
  spreadOverAliases,
} from '../../src/domain/options.ts';
import { DEFAULT_WEIGHTS, rankContacts } from '../../src/domain/rank/index.ts';
import { onlyWanted, owner } from './rank-fixtures.ts';
import type { BookSignals, Contact, SignalsWanted } from '../../src/domain/types.ts';

function contact(id: number, email: string, name: string | null = `N${id}`): Contact {
  const domain = email.split('@')[1];
  return {
    id,
    name,
    nickname: null,
    title: null,
    company: null,
    emails: [{ display: email, key: email, domain, junk: null }],
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
  };
}

function signals(p: Partial<BookSignals> = {}): BookSignals {
  return { knownBy: new Map(), reciprocal: new Map(), appUserKeys: new Set(), invitedKeys: new Map(), acceptedKeys: new Set(), seenKeys: new Map(), ...p };
}

const scored = [
  { contact: contact(0, 'a@acme.com'), score: 5 },
  { contact: contact(1, 'b@other.org'), score: 3 },
  { contact: contact(2, 'c@acme.com', null), score: 1 },
  { contact: contact(3, 'd@other.org'), score: -2 },
];

describe('parseFlag', () => {
  it('reads 1/0, true/false in any case and booleans; null is false', () => {
    for (const v of [1, '1', true, 'true', 'TRUE', ' True ']) assert.equal(parseFlag(v, 'f'), true);
    for (const v of [0, '0', false, 'false', 'False', null, undefined, '']) assert.equal(parseFlag(v, 'f'), false);
  });
  it('reads the text "null" or "undefined" as not given (a browser query string of an unset value)', () => {
    for (const v of ['null', 'NULL', ' undefined ']) assert.equal(parseFlag(v, 'f'), false);
    assert.deepEqual(parseRankOptions({ limit: 'null', promote_matching_domain: 'null', filter_blank_names: 'undefined' }), parseRankOptions({}));
  });
  it('names the field on anything else', () => {
    for (const v of [2, 'yes', {}, [], -1]) {
      assert.throws(
        () => parseFlag(v, 'filter_x'),
        (e: unknown) => e instanceof OptionError && e.field === 'filter_x',
      );
    }
  });
});

describe('readRankOptions: every wrong option', () => {
  it('names each wrong option in the order of the options, reading it as not given, and the right ones as sent', () => {
    const problems: OptionError[] = [];
    const opts = readRankOptions({ limit: 0, filter_invites_sent: 'yes', promote_matching_domain: '@', explain: 1, filter_blank_names: 2 }, problems);
    assert.deepEqual(
      problems.map((e) => e.field),
      ['filter_invites_sent', 'promote_matching_domain', 'filter_blank_names', 'limit'],
    );
    assert.ok(problems.every((e) => e instanceof OptionError && e.problem.length > 0));
    assert.equal(opts.explain, true);
    assert.equal(opts.limit, null);
    assert.equal(opts.filterInvitesSent, false);
    assert.equal(opts.promoteMatchingDomain, null);
  });

  it('adds nothing for right options; parseRankOptions throws the first wrong one', () => {
    const problems: OptionError[] = [];
    assert.deepEqual(readRankOptions({ limit: '3', explain: 'true' }, problems), parseRankOptions({ limit: '3', explain: 'true' }));
    assert.deepEqual(problems, []);
    assert.throws(
      () => parseRankOptions({ limit: 0, explain: 'maybe' }),
      (e) => e instanceof OptionError && e.field === 'limit',
    );
  });
});

describe('parseRankOptions', () => {
  it('parses domains, owner and limits', () => {
    assert.equal(parseRankOptions({ promote_matching_domain: 1 }).promoteMatchingDomain, 'owner');
    assert.equal(parseRankOptions({ promote_matching_domain: 'ACME.com' }).promoteMatchingDomain, 'acme.com');
    assert.equal(parseRankOptions({ promote_matching_domain: 'boss@acme.com' }).promoteMatchingDomain, 'acme.com');
    assert.equal(parseRankOptions({ promote_matching_domain: 0 }).promoteMatchingDomain, null);
    assert.equal(parseRankOptions({ limit: '5' }).limit, 5);
    assert.equal(parseRankOptions({ limit: null }).limit, null);
    assert.throws(() => parseRankOptions({ limit: 0 }), /limit/);
    // A client's "no limit" beyond 2^53 − 1 (2^63 − 1 from a 64-bit integer) is more than any book holds.
    assert.equal(parseRankOptions({ limit: '9223372036854775807' }).limit, Number.MAX_SAFE_INTEGER);
    assert.equal(parseRankOptions({ limit: 2 ** 60 }).limit, Number.MAX_SAFE_INTEGER);
    assert.throws(() => parseRankOptions({ limit: 2.5 }), /limit/);
    assert.throws(() => parseRankOptions({ promote_matching_domain: 'nope' }), /promote_matching_domain/);
  });
});

describe('applyRankOptions', () => {
  const none = parseRankOptions({});
  it('without options keeps order and scores, ranks from 1', () => {
    const r = applyRankOptions(scored, none, signals(), []);
    assert.deepEqual(
      r.rows.map((x) => x.contact.id),
      [0, 1, 2, 3],
    );
    assert.deepEqual(
      r.rows.map((x) => x.finalScore),
      [5, 3, 1, -2],
    );
    assert.deepEqual(
      r.rows.map((x) => x.rank),
      [1, 2, 3, 4],
    );
  });
  it('promotes app users, then the domain, and keeps scores descending', () => {
    const s = signals({ appUserKeys: new Set(['e:d@other.org']) });
    const r = applyRankOptions(scored, { ...none, promoteExistingUsers: true, promoteMatchingDomain: 'acme.com' }, s, []);
    assert.deepEqual(
      r.rows.map((x) => x.contact.id),
      [3, 0, 2, 1],
    );
    for (let i = 1; i < r.rows.length; i++) assert.ok(r.rows[i - 1].finalScore > r.rows[i].finalScore);
  });
  it('demotes seen contacts within their group', () => {
    const s = signals({ seenKeys: new Map([['e:a@acme.com', 1]]) });
    const r = applyRankOptions(scored, { ...none, filterSuggestedSeen: true }, s, []);
    assert.deepEqual(
      r.rows.map((x) => x.contact.id),
      [1, 2, 3, 0],
    );
    for (let i = 1; i < r.rows.length; i++) assert.ok(r.rows[i - 1].finalScore > r.rows[i].finalScore);
  });
  it('filters existing users, invited contacts and blank names', () => {
    const s = signals({ appUserKeys: new Set(['e:a@acme.com']), invitedKeys: new Map([['e:b@other.org', 1]]) });
    const r = applyRankOptions(scored, { ...none, filterExistingUsers: true, filterInvitesSent: true, filterBlankNames: true }, s, []);
    assert.deepEqual(
      r.rows.map((x) => x.contact.id),
      [3],
    );
  });
  it('never promotes a webmail domain and says so', () => {
    const r = applyRankOptions(scored, { ...none, promoteMatchingDomain: 'owner' }, signals(), ['gmail.com']);
    assert.equal(r.exceptionMatchingDomain, true);
    assert.deepEqual(
      r.rows.map((x) => x.contact.id),
      [0, 1, 2, 3],
    );
  });
  it('applies the limit last', () => {
    const r = applyRankOptions(scored, { ...none, limit: 2, promoteMatchingDomain: 'other.org' }, signals(), []);
    assert.deepEqual(
      r.rows.map((x) => x.contact.id),
      [1, 3],
    );
  });
});

describe('signalsUsed: a signal is looked up only where it can change the answer', () => {
  // A book where every signal names someone: each contact is known by others, reciprocal, an app user,
  // invited, accepted and seen in some mix, so any signal that counted would move or drop somebody.
  const DAY = 86_400_000;
  const T0 = Date.UTC(2026, 0, 1);
  const book: Contact[] = Array.from({ length: 24 }, (_, i) => ({
    ...contact(i, `p${i}@example.com`),
    timesContacted: i % 5,
    lastSent: i % 3 === 0 ? T0 - i * 7 * DAY : null,
    lastReceived: i % 4 === 0 ? T0 - i * 3 * DAY : null,
  }));
  const k = (i: number) => `e:p${i}@example.com`;
  const full = signals({
    knownBy: new Map(book.filter((_, i) => i % 2 === 0).map((_, j) => [k(j * 2), 1 + (j % 4)])),
    reciprocal: new Map([3, 8, 13].map((i) => [k(i), { key: k(i), times: 7, lastSent: T0 - DAY, lastReceived: T0 - 2 * DAY }])),
    appUserKeys: new Set([k(1), k(9), k(20)]),
    invitedKeys: new Map([k(0), k(5), k(11)].map((x) => [x, T0])),
    acceptedKeys: new Set([k(5), k(17)]),
    seenKeys: new Map([k(2), k(6), k(12), k(23)].map((x) => [x, T0])),
  });
  const answer = (s: BookSignals, w: Record<string, number>, opts: ReturnType<typeof parseRankOptions>) =>
    applyRankOptions(rankContacts(book, { owner: owner(), signals: s, weights: w as never, explain: true, now: T0 }), opts, s, []).rows.map((r) => [
      r.contact.id,
      r.finalScore,
      r.rank,
      r.explain,
    ]);
  const flags = ['filter_suggested_seen', 'filter_existing_users', 'promote_existing_users', 'filter_invites_sent'];
  const weightSets: Record<string, number>[] = [
    { ...DEFAULT_WEIGHTS },
    { ...DEFAULT_WEIGHTS, known_by: 0.05 },
    ...['reciprocal', 'reciprocal_frequency', 'reciprocal_recency', 'app_user', 'invited', 'accepted'].map((f) => ({ ...DEFAULT_WEIGHTS, [f]: 0.5 })),
  ];

  /** The full signals with only the parts `w` wants. */
  const only = (w: SignalsWanted): BookSignals => onlyWanted(full, w);
  const PARTS = ['knownBy', 'reciprocal', 'appUsers', 'invited', 'accepted', 'seen'] as const;

  it('with what it leaves out, every answer (rows, scores, ranks, explain) is the one the full signals give', () => {
    let none = 0;
    for (const w of weightSets) {
      for (let mask = 0; mask < 1 << flags.length; mask++) {
        const opts = parseRankOptions(Object.fromEntries(flags.map((f, i) => [f, (mask >> i) & 1])));
        const used = signalsUsed(w, opts);
        assert.equal(
          used.any,
          PARTS.some((p) => used[p]),
        );
        if (!used.any) none++;
        assert.deepEqual(answer(only(used), w, opts), answer(full, w, opts), JSON.stringify({ w, mask }));
        if (!used.any) assert.deepEqual(answer(noSignals(), w, opts), answer(full, w, opts));
      }
    }
    assert.equal(none, 1, 'only default weights without any record option look up nothing');
  });

  it('each part it looks up changes some answer without it: nothing is read for nothing', () => {
    for (const w of weightSets) {
      for (let mask = 0; mask < 1 << flags.length; mask++) {
        const opts = parseRankOptions(Object.fromEntries(flags.map((f, i) => [f, (mask >> i) & 1])));
        const used = signalsUsed(w, opts);
        for (const p of PARTS) {
          if (!used[p]) continue;
          assert.notDeepEqual(answer(only({ ...used, [p]: false }), w, opts), answer(full, w, opts), JSON.stringify({ p, w, mask }));
        }
      }
    }
  });

  it('learning and any caller that does not say reads every signal', () => {
    assert.ok(Object.values(ALL_SIGNALS).every((v) => v === true));
    const defaults = signalsUsed({ ...DEFAULT_WEIGHTS }, parseRankOptions({}));
    assert.ok(
      Object.values(defaults).every((v) => v === false),
      JSON.stringify(defaults),
    );
    assert.deepEqual(signalsUsed({ ...DEFAULT_WEIGHTS, known_by: 0.05 }, parseRankOptions({})), { ...defaults, any: true, knownBy: true });
    assert.deepEqual(signalsUsed({ ...DEFAULT_WEIGHTS }, parseRankOptions({ filter_invites_sent: 1 })), { ...defaults, any: true, invited: true });
    assert.deepEqual(signalsUsed({ ...DEFAULT_WEIGHTS }, parseRankOptions({ promote_existing_users: 1 })), { ...defaults, any: true, appUsers: true });
  });
});

describe('alias groups and the signals (an alias group is one person)', () => {
  const group = ['e:ana@example.org', 'e:ana.silva@work.example'];
  it('aliasKeysOutside: the keys of the groups the book does not hold, once each', () => {
    assert.deepEqual(aliasKeysOutside([group, ['e:b@x.example', 'e:c@x.example']], ['e:ana@example.org', 'e:b@x.example']), [
      'e:ana.silva@work.example',
      'e:c@x.example',
    ]);
    assert.deepEqual(aliasKeysOutside([], ['e:ana@example.org']), []);
  });
  it('spreadOverAliases: what is recorded under one address holds for every address of the group, and nothing else moves', () => {
    const inBook = noSignals();
    inBook.knownBy.set('e:ana@example.org', 1);
    inBook.invitedKeys.set('e:ana.silva@work.example', 50); // the user's invites are read whole
    inBook.seenKeys.set('e:other@x.example', 7);
    const outside = noSignals();
    outside.knownBy.set('e:ana.silva@work.example', 3);
    outside.appUserKeys.add('e:ana.silva@work.example');
    outside.acceptedKeys.add('e:ana.silva@work.example');
    outside.reciprocal.set('e:ana.silva@work.example', { key: 'e:ana.silva@work.example', times: 4, lastSent: 10, lastReceived: null });
    const s = spreadOverAliases(inBook, [group], outside);
    for (const k of group) {
      assert.equal(s.knownBy.get(k), 3);
      assert.ok(s.appUserKeys.has(k));
      assert.ok(s.acceptedKeys.has(k));
      assert.equal(s.invitedKeys.get(k), 50);
      assert.deepEqual(s.reciprocal.get(k), { key: k, times: 4, lastSent: 10, lastReceived: null });
      assert.equal(s.seenKeys.has(k), false);
    }
    assert.equal(s.seenKeys.get('e:other@x.example'), 7);
    assert.equal(s, inBook, 'written into the lookup it is given');
    assert.equal(spreadOverAliases(inBook, []), inBook);
  });
});
