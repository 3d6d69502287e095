import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rankByBaseline } from '../../eval/rank/baselines.ts';
import { seededRandom } from '../../eval/rank/bootstrap.ts';
import {
  BOOK_SCALE_VARIANTS,
  bookScaleOf,
  candidateGrid,
  choose,
  derivedFeatures,
  percentileRanks,
  triadicOf,
  modelSize,
  REFERENCE,
  SEARCHED,
  withBookRelative,
  type Book,
  type Model,
} from '../../eval/rank/cv.ts';
import { degrade, unusualAddress, type EvalBook } from '../../eval/rank/dataset.ts';
import { normalizeEmail } from '../../src/domain/email.ts';
import { evaluateRun, type Ranker } from '../../eval/rank/evaluate.ts';
import { prepareCutoff } from '../../eval/rank/offline.ts';

const DAY = 86_400_000;
const at = (daysBefore: number) => new Date(Date.UTC(2010, 5, 1) - daysBefore * DAY).toISOString();

function book(user: string, entries: EvalBook['uploads'][number]['entries'], relevant: Record<string, number>): EvalBook {
  return {
    dataset: 't',
    cutoff: '2010-06-01',
    window_days: 60,
    user_id: user,
    uploads: [{ source: { type: 'gmail', email: `${user}@x.example` }, entries }],
    relevant,
  };
}

describe('eval baselines: the plain blend of issue #12', () => {
  it("ranks by log1p(times) + 2^(-sent age/60 d) + 0.25 × 2^(-received age/60 d), ages against the book's newest date", () => {
    // a: 3 messages, last sent 120 days before the newest date -> 1.386 + 0.25 = 1.636
    // b: 1 message, sent at the newest date                     -> 0.693 + 1     = 1.693
    // c: never written, received at the newest date              -> 0.25
    const b = book(
      'u',
      [
        { emails: ['a@x.example'], times_contacted: 3, last_message_sent_date: at(120) },
        { emails: ['b@x.example'], times_contacted: 1, last_message_sent_date: at(0) },
        { emails: ['c@x.example'], times_contacted: 0, last_message_received_date: at(0) },
      ],
      {},
    );
    assert.deepEqual(rankByBaseline(b, 'blend'), [['b@x.example'], ['a@x.example'], ['c@x.example']]);
    assert.deepEqual(rankByBaseline(b, 'times_contacted'), [['a@x.example'], ['b@x.example'], ['c@x.example']]);
  });
});

describe('evaluateRun: context books are loaded but never scored', () => {
  it('hands every book of the cutoff to the ranker and scores only those with a non-empty relevant', async () => {
    const books = [
      book('scored', [{ emails: ['a@x.example'], times_contacted: 2 }], { 'a@x.example': 1 }),
      book('context', [{ emails: ['b@x.example'], times_contacted: 5 }], {}),
    ];
    let loaded: string[] = [];
    const ranker: Ranker = async (group) => {
      loaded = group.map((b) => b.user_id);
      return new Map(group.map((b) => [b.user_id, b.uploads[0].entries.map((e) => e.emails ?? [])]));
    };
    const r = await evaluateRun(books, 'full', ranker, 't');
    assert.deepEqual(loaded, ['scored', 'context']);
    assert.deepEqual(
      r.books.map((b) => b.user),
      ['scored'],
    );
    assert.equal(r.cutoffs[0].books, 1);
    assert.equal(r.cutoffs[0].loaded, 2);
    assert.equal(r.overall.find((x) => x.system === 'kith')!.metrics.map10, 1);
  });
});

describe('evaluateRun: people written to next who are absent from the list', () => {
  it('counts each relevant address found in no row of the answer', async () => {
    const books = [book('u', [{ emails: ['a@x.example'] }, { emails: ['b@x.example'] }], { 'a@x.example': 1, 'b@x.example': 2 })];
    const ranker: Ranker = async () => new Map([['u', [['a@x.example']]]]); // b dropped
    const r = await evaluateRun(books, 'full', ranker, 't');
    assert.equal(r.relevant, 2);
    assert.equal(r.absent, 1);
    assert.deepEqual(r.absentExamples, ['u@2010-06-01: b@x.example']);
  });
});

describe("the 'unusual' run: every address in a delivered but unusual form", () => {
  it('rewrites one address the same way everywhere (entries, owner, relevant), into forms Kith keeps, distinct per mailbox', () => {
    const addresses = Array.from({ length: 400 }, (_, i) => `u${i}@manufacturing.example`);
    const forms = new Set<string>();
    const keys = new Set<string>();
    for (const a of addresses) {
      const u = unusualAddress(a);
      assert.equal(unusualAddress(a.toUpperCase()), u, 'one spelling per mailbox');
      const n = normalizeEmail(u);
      assert.ok(n !== null && n.junk === null, `${u} is kept`);
      keys.add(n.key);
      forms.add(u.replace(/\d+/g, 'N'));
    }
    assert.equal(keys.size, addresses.length, 'no two mailboxes share a key');
    assert.ok(forms.size >= 8, `every form is used: ${[...forms].join(' ')}`);
    const [b] = degrade(
      [book('u', [{ emails: ['u1@manufacturing.example'], email: 'u2@manufacturing.example' }], { 'u1@manufacturing.example': 3 })],
      'unusual',
    );
    const e = b!.uploads[0]!.entries[0]!;
    assert.deepEqual(e.emails, [unusualAddress('u1@manufacturing.example')]);
    assert.equal(e.email, unusualAddress('u2@manufacturing.example'));
    assert.deepEqual(b!.relevant, { [unusualAddress('u1@manufacturing.example')]: 3 });
    assert.equal(b!.uploads[0]!.source.email, unusualAddress('u@x.example'));
  });
});

describe('cv: the selection rule', () => {
  const grid = candidateGrid();
  const ref = grid.findIndex((m) => modelSize(m) === modelSize(REFERENCE) && JSON.stringify(m) === JSON.stringify(REFERENCE));
  const books: Book[] = Array.from({ length: 300 }, (_, i) => ({
    set: i % 2 === 0 ? 'a' : 'b',
    run: 'full',
    cutoff: 'c',
    user: `u${i}`,
    relevant: new Set(),
    ids: [],
    emails: [],
    rows: new Map(),
    baselines: {},
  }));
  const idx = books.map((_, i) => i);
  const noisy = (shift: number, seed: number) => {
    const r = seededRandom(seed);
    return books.map(() => 0.6 + shift + (r() - 0.5) * 0.4);
  };

  it('the grid holds the reference (the plain blend) once', () => {
    assert.ok(ref >= 0);
    assert.equal(grid.filter((m) => JSON.stringify(m) === JSON.stringify(REFERENCE)).length, 1);
    assert.equal(modelSize(REFERENCE), 3);
  });

  it('keeps the reference when no model beats it beyond the noise', () => {
    const base = noisy(0, 1);
    const r = seededRandom(2);
    // Every other model: the reference plus independent noise of mean ~+0.002.
    const maps = grid.map((_, c) => (c === ref ? base : base.map((x) => x + 0.002 + (r() - 0.5) * 0.2)));
    assert.equal(choose(grid, maps, idx, books, ref).model, ref);
  });

  it('takes the smallest model that beats the reference clearly', () => {
    const base = noisy(0, 3);
    const sizeOf = (m: Model) => modelSize(m);
    const small = grid.findIndex((m) => sizeOf(m) === 2);
    const big = grid.findIndex((m) => sizeOf(m) === 5);
    const maps = grid.map((_, c) => (c === small ? base.map((x) => x + 0.05) : c === big ? base.map((x) => x + 0.08) : base));
    const pick = choose(grid, maps, idx, books, ref);
    assert.equal(pick.model, small);
    assert.equal(pick.best, big);
  });
});

describe('cv: derived candidate signals', () => {
  it('reciprocal_fallback is the reciprocal count only in a book without received dates', () => {
    const f = { frequency: 1, reciprocal_frequency: Math.log1p(7) };
    assert.equal(derivedFeatures(f, { hasReceived: false }).reciprocal_fallback, Math.log1p(7));
    assert.equal(derivedFeatures(f, { hasReceived: true }).reciprocal_fallback, 0);
    assert.equal(derivedFeatures(f, { hasReceived: true }).frequency, 1);
  });

  it('every candidate of the grid names every searched weight, so models compare by value', () => {
    for (const m of [REFERENCE, ...candidateGrid()]) for (const f of SEARCHED) assert.equal(typeof m.weights[f], 'number', f);
  });
});

describe('cv: book-scale variants (issue #12, third round)', () => {
  it('S is the lower median of log1p over the positive counts, 1 without any', () => {
    assert.equal(bookScaleOf([3, null, 0, 1, 100]), Math.log1p(3));
    assert.equal(bookScaleOf([1, 3]), Math.log1p(1));
    assert.equal(bookScaleOf([null, 0]), 1);
    assert.equal(bookScaleOf([]), 1);
  });

  it('percentile ranks: share of the positive values at or below, 0 without a value', () => {
    assert.deepEqual(percentileRanks([0, 5, 2, 5, 9]), [0, 0.75, 0.25, 0.75, 1]);
    assert.deepEqual(percentileRanks([0, 0]), [0, 0]);
  });

  it('V2 (frequency / S) is V1 (S × recency) divided by S: the same order within a book', () => {
    const fs = withBookRelative(
      [
        { frequency: 4, sent_recency: 0.1, received_recency: 0 },
        { frequency: 1, sent_recency: 1, received_recency: 0.5 },
        { frequency: 2.5, sent_recency: 0.6, received_recency: 0.9 },
      ],
      2.2,
    );
    const v1 = fs.map((f) => f.frequency + f.scaled_sent_recency + 0.25 * f.scaled_received_recency);
    const v2 = fs.map((f) => f.relative_frequency + f.sent_recency + 0.25 * f.received_recency);
    v1.forEach((x, i) => assert.ok(Math.abs(x / 2.2 - v2[i]) < 1e-12));
  });

  it('the variants are in the grid, each once, as models of three features', () => {
    const grid = candidateGrid();
    for (const m of Object.values(BOOK_SCALE_VARIANTS).flat()) {
      assert.equal(grid.filter((g) => JSON.stringify(g) === JSON.stringify(m)).length, 1);
      assert.equal(modelSize(m), 3);
    }
  });
});

describe('cv: triadic (a colleague of the people you write to)', () => {
  const book = (user: string, entries: [string, number][]): EvalBook => ({
    dataset: 't',
    cutoff: 'c',
    window_days: 60,
    user_id: user,
    relevant: {},
    uploads: [
      {
        source: { type: 'gmail', email: `${user}@x.example`, name: null },
        entries: entries.map(([e, t]) => ({ emails: [`${e}@x.example`], times_contacted: t })),
      },
    ],
  });

  it('weighs what each correspondent with a book writes to a contact by how much the owner writes to them', () => {
    const prepared = prepareCutoff([
      book('a', [
        ['b', 5],
        ['c', 1],
        ['d', 0],
        ['e', 2],
      ]),
      book('b', [
        ['c', 10],
        ['d', 3],
        ['a', 4],
      ]),
      book('e', [['d', 1]]),
    ]);
    const tri = triadicOf(prepared).get('a')!;
    const idOf = (e: string) => prepared[0].contacts.find((c) => c.emails[0].key === `${e}@x.example`)!.id;
    const norm = Math.log1p(5) + Math.log1p(2);
    assert.ok(Math.abs(tri.get(idOf('c'))! - (Math.log1p(5) * Math.log1p(10)) / norm) < 1e-12);
    assert.ok(Math.abs(tri.get(idOf('d'))! - (Math.log1p(5) * Math.log1p(3) + Math.log1p(2) * Math.log1p(1)) / norm) < 1e-12);
    assert.equal(tri.get(idOf('b')) ?? 0, 0, 'nobody else writes to b');
  });

  it('is 0 for every contact of a book without counts', () => {
    const prepared = prepareCutoff([
      book('a', [
        ['b', 0],
        ['c', 0],
      ]),
      book('b', [['c', 0]]),
    ]);
    assert.equal(triadicOf(prepared).get('a')!.size, 0);
  });
});
