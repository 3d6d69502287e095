import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyRankOptions, OptionError, parseFlag, parseRankOptions } from '../../src/domain/options.ts';
import type { BookSignals, Contact } from '../../src/domain/types.ts';

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

describe('parseRankOptions', () => {
  it('parses domains, owner and limits', () => {
    assert.equal(parseRankOptions({ promote_matching_domain: 1 }).promoteMatchingDomain, 'owner');
    assert.equal(parseRankOptions({ promote_matching_domain: 'ACME.com' }).promoteMatchingDomain, 'acme.com');
    assert.equal(parseRankOptions({ promote_matching_domain: 'boss@acme.com' }).promoteMatchingDomain, 'acme.com');
    assert.equal(parseRankOptions({ promote_matching_domain: 0 }).promoteMatchingDomain, null);
    assert.equal(parseRankOptions({ limit: '5' }).limit, 5);
    assert.equal(parseRankOptions({ limit: null }).limit, null);
    assert.throws(() => parseRankOptions({ limit: 0 }), /limit/);
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
