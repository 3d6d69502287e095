import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  bookStatsOf,
  DEFAULT_FEATURE_PARAMS,
  DEFAULT_WEIGHTS,
  FEATURE_NAMES,
  featuresOf,
  rankContacts,
  type RankContext,
} from '../../src/domain/rank/index.ts';
import type { Contact } from '../../src/domain/types.ts';
import { contact, DAY, owner, signals, T0 } from './rank-fixtures.ts';

const ctx = (over: Partial<RankContext> = {}): RankContext => ({ owner: owner(), signals: signals(), ...over });

/** A background book that fixes the newest activity (T0) and gives known counts to most contacts. */
function background(n = 6): Contact[] {
  return Array.from({ length: n }, (_, i) => contact({ id: 1000 + i, timesContacted: 2 + i, lastSent: T0 - (10 + 20 * i) * DAY, lastReceived: T0 - i * DAY }));
}

function scoreOf(book: Contact[], id: number, c: RankContext = ctx()): number {
  const row = rankContacts(book, c).find((s) => s.contact.id === id);
  assert.ok(row, `contact ${id} ranked`);
  return row.score;
}

describe('featuresOf', () => {
  it('gives every feature, finite, for a bare contact and for an empty book', () => {
    const c = contact({ id: 1 });
    const f = featuresOf(c, ctx(), bookStatsOf([c]));
    assert.deepEqual(Object.keys(f).sort(), [...FEATURE_NAMES].sort());
    for (const v of Object.values(f)) assert.ok(Number.isFinite(v));
    assert.deepEqual(bookStatsOf([]), { reference: null, spanDays: 0, unknownFrequency: 0, contacts: 0 });
  });

  it('measures recency against the newest activity of the book, never the clock', () => {
    const stats = bookStatsOf(background());
    assert.equal(stats.reference, T0);
    const c = contact({ id: 1, timesContacted: 3, lastSent: T0 });
    assert.equal(featuresOf(c, ctx(), stats).sent_recency, 1);
  });

  it('ignores one absurd future date and unset (1970) dates when placing the reference', () => {
    const book = Array.from({ length: 150 }, (_, i) => contact({ id: i, timesContacted: 1, lastSent: T0 - i * DAY }));
    book.push(contact({ id: 900, lastReceived: Date.UTC(2099, 0, 1) }), contact({ id: 901, lastSent: 0 }));
    const stats = bookStatsOf(book);
    assert.equal(stats.reference, T0);
    assert.ok(stats.spanDays >= 147 && stats.spanDays <= 149, `span ${stats.spanDays}`);
    assert.equal(featuresOf(book[151], ctx(), stats).sent_recency, 0);
  });

  it('reads a date after the ranking runs as unset: in a small book it cannot age everyone else', () => {
    const now = T0 + 30 * DAY;
    for (const n of [2, 9, 49]) {
      const book = Array.from({ length: n }, (_, i) => contact({ id: i, timesContacted: 1, lastSent: T0 - i * DAY }));
      book.push(contact({ id: 900, timesContacted: 1, lastSent: Date.UTC(2099, 0, 1) }));
      const stats = bookStatsOf(book, now);
      assert.equal(stats.reference, T0, `${n} dated contacts and one in 2099`);
      assert.equal(featuresOf(book[0]!, ctx({ now }), stats).sent_recency, 1);
      assert.equal(featuresOf(book.at(-1)!, ctx({ now }), stats).sent_recency, 0, 'the 2099 date is no date');
      const order = rankContacts(book, ctx({ now })).map((r) => r.contact.id);
      assert.equal(order[0], 0, 'the contact written to last ranks first, not the one in 2099');
    }
    // A day of clock slack; without `now` (old logs evaluated offline) no bound.
    assert.equal(bookStatsOf([contact({ id: 1, lastSent: T0 + DAY / 2 })], T0).reference, T0 + DAY / 2);
    assert.equal(bookStatsOf([contact({ id: 1, lastSent: Date.UTC(2099, 0, 1) })]).reference, Date.UTC(2099, 0, 1));
  });

  it('counts copies of one card once: a source sent again raises nothing', () => {
    const once = contact({ id: 1, entryCount: 1 });
    const copies = contact({ id: 2, entryCount: 4, cardCount: 1 });
    const twoCards = contact({ id: 3, entryCount: 2, cardCount: 2 });
    const stats = bookStatsOf([once, copies, twoCards]);
    assert.equal(featuresOf(copies, ctx(), stats).entries, featuresOf(once, ctx(), stats).entries);
    assert.equal(featuresOf(twoCards, ctx(), stats).entries, 1);
  });

  it('reads a contact with mail dates but no sent date as never written to (frequency 0)', () => {
    const book = [...background(), contact({ id: 1, lastReceived: T0 - DAY })];
    const f = featuresOf(book.at(-1)!, ctx(), bookStatsOf(book));
    assert.equal(f.frequency, 0);
  });

  it('marks company domain, personal and role addresses', () => {
    const mine = contact({ id: 1, emails: [{ display: 'a@mine.example', key: 'a@mine.example', domain: 'mine.example', junk: null }] });
    const gmail = contact({ id: 2, emails: [{ display: 'b@gmail.com', key: 'b@gmail.com', domain: 'gmail.com', junk: null }] });
    const role = contact({
      id: 3,
      emails: [
        { display: 'c@x.example', key: 'c@x.example', domain: 'x.example', junk: null },
        { display: 'info@x.example', key: 'info@x.example', domain: 'x.example', junk: null, role: true },
      ],
    });
    const desk = contact({ id: 4, emails: [{ display: 'info@y.example', key: 'info@y.example', domain: 'y.example', junk: null, role: true }] });
    const stats = bookStatsOf([mine, gmail, role, desk]);
    assert.equal(featuresOf(mine, ctx(), stats).same_domain, 1);
    assert.equal(featuresOf(gmail, ctx(), stats).personal_email, 1);
    assert.equal(featuresOf(desk, ctx(), stats).role_email, 1);
    // Review of issue #12: an address of the person's own beside a role one (a small business owner's
    // ann@ and the info@ of her business) is a person, not a desk: no -1 below an equal contact.
    assert.equal(featuresOf(role, ctx(), stats).role_email, 0);
    // A webmail owner shares no "company" with every other webmail user.
    const gmailOwner = ctx({ owner: owner({ emailDomains: ['gmail.com'] }) });
    assert.equal(featuresOf(gmail, gmailOwner, stats).same_domain, 0);
  });

  it("same_domain: the owner's organisation is its registrable domain, any host under it included", () => {
    const at = (id: number, domain: string) => contact({ id, emails: [{ display: `p${id}@${domain}`, key: `p${id}@${domain}`, domain, junk: null }] });
    const sub = at(1, 'ect.corp.example');
    const top = at(2, 'corp.example');
    const lookalike = at(3, 'notcorp.example');
    const other = at(4, 'corp.example.net');
    const stats = bookStatsOf([sub, top, lookalike, other]);
    for (const ownerDomain of ['corp.example', 'ect.corp.example', 'mail.corp.example']) {
      const c = ctx({ owner: owner({ emailDomains: [ownerDomain] }) });
      assert.equal(featuresOf(sub, c, stats).same_domain, 1, `${ownerDomain}: a colleague at a subdomain`);
      assert.equal(featuresOf(top, c, stats).same_domain, 1, `${ownerDomain}: a colleague at the organisation's domain`);
      assert.equal(featuresOf(lookalike, c, stats).same_domain, 0, `${ownerDomain}: a domain that only ends alike`);
      assert.equal(featuresOf(other, c, stats).same_domain, 0, `${ownerDomain}: another registrable domain`);
    }
    // Under a public suffix (co.uk) the organisation is the name registered under it, not the suffix.
    const a = at(5, 'acme.co.uk');
    const b = at(6, 'other.co.uk');
    const uk = ctx({ owner: owner({ emailDomains: ['mail.acme.co.uk'] }) });
    const ukStats = bookStatsOf([a, b]);
    assert.equal(featuresOf(a, uk, ukStats).same_domain, 1);
    assert.equal(featuresOf(b, uk, ukStats).same_domain, 0);
    // Review of issue #12: an owner at a webmail provider's other host shares no organisation with its users.
    const y = at(7, 'yahoo.co.jp');
    const jp = ctx({ owner: owner({ emailDomains: ['mail.yahoo.co.jp'] }) });
    assert.equal(featuresOf(y, jp, bookStatsOf([y])).same_domain, 0);
  });

  it('role_email: a role mailbox the owner writes to stays in the list, below a person written to as often', () => {
    const person = contact({
      id: 1,
      timesContacted: 40,
      lastSent: T0 - DAY,
      emails: [{ display: 'ann@x.example', key: 'ann@x.example', domain: 'x.example', junk: null }],
    });
    const desk = contact({
      id: 2,
      timesContacted: 40,
      lastSent: T0 - DAY,
      emails: [{ display: 'legal@x.example', key: 'legal@x.example', domain: 'x.example', junk: null, role: true }],
    });
    const book = [...background(), person, desk];
    const ranked = rankContacts(book, { ...ctx(), explain: true });
    const d = ranked.find((r) => r.contact.id === 2)!;
    assert.equal(d.explain?.role_email, -1);
    assert.ok(scoreOf(book, 1) > scoreOf(book, 2));
  });
});

describe('rankContacts: monotone in every signal of contact', () => {
  const base = { timesContacted: 5, lastSent: T0 - 40 * DAY, lastReceived: T0 - 30 * DAY };

  const cases: [string, Partial<Contact>, Partial<RankContext>?][] = [
    ['more messages', { timesContacted: 6 }],
    ['a more recent sent date', { lastSent: T0 - 20 * DAY }],
    ['a more recent received date', { lastReceived: T0 - 5 * DAY }],
    ['favourite', { favorite: true }],
    ['pinned', { pinned: 3 }],
    ['two sources', { sourceCount: 2, entryCount: 2 }],
    ['a name, company and title', { name: 'Ada', company: 'ACME', title: 'CTO' }],
  ];
  for (const [what, change] of cases) {
    it(`${what} ranks higher`, () => {
      const a = contact({ id: 1, ...base });
      const b = contact({ id: 2, ...base, ...change });
      const book = [...background(), a, b];
      assert.ok(scoreOf(book, 2) > scoreOf(book, 1), what);
    });
  }

  it('with weights that use them (learned per app), the person knowing the owner back ranks higher, more so the more they write', () => {
    const a = contact({ id: 1, ...base });
    const b = contact({ id: 2, ...base });
    const c = contact({ id: 3, ...base });
    const book = [...background(), a, b, c];
    const sig = signals({
      reciprocal: new Map([
        [b.keys[0], { key: b.keys[0], times: 0, lastSent: null, lastReceived: null }],
        [c.keys[0], { key: c.keys[0], times: 9, lastSent: T0 - DAY, lastReceived: null }],
      ]),
    });
    const weights = { ...DEFAULT_WEIGHTS, reciprocal: 0.1, reciprocal_frequency: 0.2, reciprocal_recency: 0.05 };
    const s = (id: number) => scoreOf(book, id, ctx({ signals: sig, weights }));
    assert.ok(s(3) > s(2) && s(2) > s(1));
  });

  it('the default weights leave the cross-user signals out (they did not help out-of-set)', () => {
    const a = contact({ id: 1, ...base });
    const book = [...background(), a];
    const sig = signals({
      knownBy: new Map([[a.keys[0], 7]]),
      reciprocal: new Map([[a.keys[0], { key: a.keys[0], times: 9, lastSent: T0 - DAY, lastReceived: null }]]),
    });
    assert.equal(scoreOf(book, 1, ctx({ signals: sig })), scoreOf(book, 1));
  });

  it('more messages never lower a score, however old the last one, even at the most negative staleness learning allows', () => {
    const weights = { ...DEFAULT_WEIGHTS, staleness: -DEFAULT_WEIGHTS.frequency };
    for (const ageDays of [0, 10, 60, 120, 200, 400]) {
      let prev = -Infinity;
      for (const times of [1, 2, 5, 10, 50, 200, 1000]) {
        const c = contact({ id: 1, timesContacted: times, lastSent: T0 - ageDays * DAY });
        const s = scoreOf([...background(), c], 1, ctx({ weights }));
        assert.ok(s >= prev - 1e-12, `times ${times} at age ${ageDays}`);
        prev = s;
      }
    }
  });

  it('a sent message outweighs a received one of the same date', () => {
    const sent = contact({ id: 1, timesContacted: 3, lastSent: T0 - 10 * DAY });
    const received = contact({ id: 2, timesContacted: 3, lastReceived: T0 - 10 * DAY });
    const book = [...background(), sent, received];
    assert.ok(scoreOf(book, 1) > scoreOf(book, 2));
  });

  it('prefers the recent over the frequent-but-gone when the gap is large', () => {
    const recent = contact({ id: 1, timesContacted: 5, lastSent: T0 - 2 * DAY });
    const gone = contact({ id: 2, timesContacted: 8, lastSent: T0 - 150 * DAY });
    const book = [...background(), recent, gone];
    assert.ok(scoreOf(book, 1) > scoreOf(book, 2));
  });
});

describe('the default model is the plain blend on mail evidence', () => {
  it('scores log1p(times) + 2^(-sent age / 60 d) + 0.25 × 2^(-received age / 60 d), ages against the newest activity', () => {
    const book = [
      ...background(),
      contact({ id: 1, timesContacted: 7, lastSent: T0 - 60 * DAY, lastReceived: T0 - 120 * DAY }),
      contact({ id: 2, timesContacted: 1, lastSent: T0 - 3 * DAY }),
    ];
    const blend = (times: number, sentAge: number, receivedAge: number | null) =>
      Math.log1p(times) + Math.pow(2, -sentAge / 60) + (receivedAge === null ? 0 : 0.25 * Math.pow(2, -receivedAge / 60));
    assert.ok(Math.abs(scoreOf(book, 1) - blend(7, 60, 120)) < 1e-12);
    assert.ok(Math.abs(scoreOf(book, 2) - blend(1, 3, null)) < 1e-12);
    assert.deepEqual(DEFAULT_FEATURE_PARAMS, { sentHalfLifeDays: 60, receivedHalfLifeDays: 60 });
  });

  it('takes the half-lives as parameters (the evaluation searches them; the service uses the defaults)', () => {
    const c = contact({ id: 1, timesContacted: 2, lastSent: T0 - 60 * DAY, lastReceived: T0 - 60 * DAY });
    const stats = bookStatsOf([...background(), c]);
    assert.equal(featuresOf(c, ctx(), stats).sent_recency, 0.5);
    const f = featuresOf(c, ctx(), stats, { sentHalfLifeDays: 30, receivedHalfLifeDays: 120 });
    assert.equal(f.sent_recency, 0.25);
    assert.ok(Math.abs(f.received_recency - Math.SQRT1_2) < 1e-12);
  });
});

describe('rankContacts: an old export ranks like a fresh one', () => {
  it('shifting every date of the book by years changes neither order nor scores', () => {
    const book = [...background(8), contact({ id: 1, timesContacted: 4, lastSent: T0 - 3 * DAY, lastReceived: T0 - 100 * DAY })];
    const shift = 5 * 365 * DAY;
    const old = book.map((c) => ({
      ...c,
      lastSent: c.lastSent === null ? null : c.lastSent - shift,
      lastReceived: c.lastReceived === null ? null : c.lastReceived - shift,
    }));
    const a = rankContacts(book, ctx());
    const b = rankContacts(old, ctx());
    assert.deepEqual(
      b.map((s) => s.contact.id),
      a.map((s) => s.contact.id),
    );
    b.forEach((s, i) => assert.ok(Math.abs(s.score - a[i].score) < 1e-9));
  });
});

describe('rankContacts: unknown times_contacted is not punished as zero', () => {
  it('a 0 beside a sent date contradicts itself: it is the same as absent (unknown)', () => {
    const zero = contact({ id: 1, timesContacted: 0, lastSent: T0 - 5 * DAY });
    const absent = contact({ id: 2, timesContacted: null, lastSent: T0 - 5 * DAY });
    const book = [...background(), zero, absent];
    assert.equal(scoreOf(book, 1), scoreOf(book, 2));
  });

  it('an explicit 0 without a sent date (kept only from a counting source) is never written to: frequency 0, below an unknown count', () => {
    const zero = contact({ id: 1, timesContacted: 0 });
    const absent = contact({ id: 2, timesContacted: null });
    const book = [...background(), zero, absent];
    const stats = bookStatsOf(book);
    assert.equal(featuresOf(zero, ctx(), stats).frequency, 0);
    assert.ok(featuresOf(absent, ctx(), stats).frequency > 0);
    assert.deepEqual(
      rankContacts([zero, absent], ctx()).map((s) => s.contact.id),
      [1, 2],
      'no counts elsewhere: both 0, ties by id',
    );
    assert.ok(scoreOf(book, 2) > scoreOf(book, 1));
  });

  it('explicit zeros are known counts for the imputation: they lower the typical count and raise the coverage', () => {
    const counted = Array.from({ length: 4 }, (_, i) => contact({ id: 10 + i, timesContacted: 20 }));
    const zeros = Array.from({ length: 4 }, (_, i) => contact({ id: 20 + i, timesContacted: 0 }));
    const unknown = contact({ id: 1 });
    const withZeros = bookStatsOf([...counted, ...zeros, unknown]).unknownFrequency;
    const without = bookStatsOf([...counted, ...zeros.map((c) => ({ ...c, timesContacted: null })), unknown]).unknownFrequency;
    assert.ok(withZeros < without, `${withZeros} < ${without}`);
  });

  it('a phone book with no counts at all ranks by what it has, as if counts did not exist', () => {
    const book = [3, 1, 2].map((i) => contact({ id: i, lastSent: T0 - i * 30 * DAY }));
    assert.deepEqual(
      rankContacts(book, ctx()).map((s) => s.contact.id),
      [1, 2, 3],
    );
    for (const c of book) assert.equal(featuresOf(c, ctx(), bookStatsOf(book)).frequency, 0);
  });

  it('in a book where some counts are missing, an unknown count gets a typical one, not zero', () => {
    const counted = Array.from({ length: 4 }, (_, i) => contact({ id: 10 + i, timesContacted: 20, lastSent: T0 - 50 * DAY }));
    const uncounted = Array.from({ length: 4 }, (_, i) => contact({ id: 20 + i, lastSent: T0 - 50 * DAY }));
    const unknown = contact({ id: 1, lastSent: T0 - 3 * DAY });
    const once = contact({ id: 2, timesContacted: 1, lastSent: T0 - 3 * DAY });
    const book = [...counted, ...uncounted, unknown, once];
    const f = featuresOf(unknown, ctx(), bookStatsOf(book));
    assert.ok(f.frequency > Math.log1p(1));
    assert.ok(scoreOf(book, 1) > scoreOf(book, 2));
  });
});

describe('rankContacts: contract', () => {
  it('sorts by score descending, ties by id ascending, and drops nothing (junk included)', () => {
    const book = [contact({ id: 5 }), contact({ id: 3 }), contact({ id: 4, favorite: true }), contact({ id: 1, junk: true, junkReason: 'nothing_to_invite' })];
    const out = rankContacts(book, ctx());
    assert.deepEqual(
      out.map((s) => s.contact.id),
      [4, 1, 3, 5],
    );
    for (let i = 1; i < out.length; i++) assert.ok(out[i - 1].score >= out[i].score);
  });

  it('explain holds the per-feature contributions and the bias, summing to the score', () => {
    const book = [...background(), contact({ id: 1, timesContacted: 4, lastSent: T0 - 5 * DAY, favorite: true })];
    const sig = signals({ knownBy: new Map([['e:p1@example.com', 3]]) });
    const weights = { ...DEFAULT_WEIGHTS, bias: -2, known_by: 0.3 };
    for (const row of rankContacts(book, ctx({ signals: sig, weights, explain: true }))) {
      assert.ok(row.explain);
      assert.equal(row.explain.bias, -2);
      const sum = Object.values(row.explain).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - row.score) < 1e-9, `${sum} vs ${row.score}`);
    }
    const top = rankContacts(book, ctx({ signals: sig, weights, explain: true })).find((r) => r.contact.id === 1)!;
    assert.equal(top.explain!.favorite, DEFAULT_WEIGHTS.favorite);
    assert.ok(Math.abs(top.explain!.known_by - 0.3 * Math.log1p(3)) < 1e-12);
    assert.equal(rankContacts(book, ctx())[0].explain, undefined);
  });

  it('reads no signal through a line several rows hold (a family landline), as the records do', () => {
    // Ivy and Jack each have their own address and the family landline; another user's book holds only
    // the landline (a probe: both got known_by from it). Sol's own number, held by one row, still counts.
    const line = 'p:+14155557001';
    const ivy = contact({ id: 1, keys: ['e:p1@example.com', line] });
    const jack = contact({ id: 2, keys: ['e:p2@example.com', line] });
    const sol = contact({ id: 3, keys: ['e:p3@example.com', 'p:+14155557002'] });
    const book = [...background(), ivy, jack, sol];
    const sig = signals({
      knownBy: new Map([
        [line, 2],
        ['p:+14155557002', 1],
      ]),
      reciprocal: new Map([[line, { key: line, times: 5, lastSent: T0, lastReceived: null }]]),
      appUserKeys: new Set([line]),
      invitedKeys: new Map([[line, T0]]),
      acceptedKeys: new Set([line]),
    });
    const weights = { ...DEFAULT_WEIGHTS, known_by: 0.3, reciprocal: 0.2, app_user: 0.4, invited: 0.1, accepted: 0.5 };
    const rows = rankContacts(book, ctx({ signals: sig, weights, explain: true }));
    const of = (id: number) => rows.find((r) => r.contact.id === id)!.explain!;
    for (const id of [1, 2]) {
      for (const f of ['known_by', 'reciprocal', 'app_user', 'invited', 'accepted']) assert.equal(of(id)[f], undefined, `${id} ${f}`);
    }
    assert.ok(Math.abs(of(3).known_by! - 0.3 * Math.log1p(1)) < 1e-12);
    // One row alone on the line: it is that person's number, and the signals through it count.
    const alone = rankContacts([...background(), ivy, sol], ctx({ signals: sig, weights, explain: true })).find((r) => r.contact.id === 1)!;
    assert.ok(Math.abs(alone.explain!.known_by! - 0.3 * Math.log1p(2)) < 1e-12);
    assert.equal(alone.explain!.app_user, 0.4);
    // Without explain, the same scores.
    const plain = rankContacts(book, ctx({ signals: sig, weights }));
    for (const r of rows) assert.equal(plain.find((p) => p.contact.id === r.contact.id)!.score, r.score);
  });

  it('uses the weights it is given (learned per app)', () => {
    const a = contact({ id: 1, timesContacted: 50, lastSent: T0 - 60 * DAY });
    const b = contact({ id: 2, timesContacted: 1, lastSent: T0 - 60 * DAY, favorite: true });
    const book = [...background(), a, b];
    assert.equal(rankContacts(book, ctx())[0].contact.id, 1);
    const favFirst = { ...DEFAULT_WEIGHTS, favorite: 10 };
    assert.equal(rankContacts(book, ctx({ weights: favFirst }))[0].contact.id, 2);
  });

  it('is deterministic and independent of input order', () => {
    const book = [...background(10), ...Array.from({ length: 10 }, (_, i) => contact({ id: i, timesContacted: i % 3, lastSent: T0 - (i % 4) * DAY }))];
    const a = rankContacts(book, ctx({ explain: true }));
    const b = rankContacts([...book].reverse(), ctx({ explain: true }));
    assert.deepEqual(b, a);
  });

  it('does not touch its input', () => {
    const book = [...background(3)];
    const copy = structuredClone(book);
    rankContacts(book, ctx({ explain: true }));
    assert.deepEqual(book, copy);
  });
});
