import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_WEIGHTS, MIN_SAMPLES } from '../../src/domain/rank/index.ts';
import { retrainWeights } from '../../src/services/learn.ts';
import type { Contact } from '../../src/domain/types.ts';
import type { Storage, WeightsRecord } from '../../src/storage/types.ts';
import { contact, DAY, owner, signals, T0 } from './rank-fixtures.ts';

/** Only what retrainWeights touches; the rest of Storage is never called. */
function fakeStorage(outcomes: { userId: string; keys: string[]; accepted: boolean }[]) {
  const saved: WeightsRecord[] = [];
  const storage = {
    loadInviteOutcomes: async () => outcomes,
    saveWeights: async (_t: string, w: WeightsRecord) => void saved.push(w),
  } as unknown as Storage;
  return { storage, saved };
}

/** 20 users, 30 contacts each; favourites accept invites far more often, and accepted ones are app users now. */
function world() {
  const books = new Map<string, Contact[]>();
  const outcomes: { userId: string; keys: string[]; accepted: boolean }[] = [];
  for (let u = 0; u < 20; u++) {
    const contacts = Array.from({ length: 30 }, (_, i) =>
      contact({ id: i, favorite: i % 3 === 0, timesContacted: 1 + (i % 7), lastSent: T0 - (i % 11) * DAY, keys: [`e:u${u}c${i}@x.example`] }),
    );
    books.set(`u${u}`, contacts);
    contacts.forEach((c, i) => outcomes.push({ userId: `u${u}`, keys: c.keys, accepted: c.favorite ? i % 4 !== 1 : i % 5 === 0 }));
  }
  const accepted = new Set(outcomes.filter((o) => o.accepted).map((o) => o.keys[0]));
  const buildContacts = async (userId: string) => {
    const contacts = books.get(userId);
    if (!contacts) return null;
    // Today's signals: the accepted invitees are app users who uploaded books holding the inviter.
    const reciprocal = new Map([...accepted].map((k) => [k, { key: k, times: 5, lastSent: T0, lastReceived: null }]));
    return { contacts, owner: owner(), signals: signals({ appUserKeys: accepted, acceptedKeys: accepted, reciprocal }) };
  };
  return { outcomes, buildContacts };
}

describe('retrainWeights', () => {
  it('learns from the outcomes, saves the weights of the tenant, and never from post-invite signals', async () => {
    const { outcomes, buildContacts } = world();
    assert.ok(outcomes.length >= MIN_SAMPLES);
    const { storage, saved } = fakeStorage(outcomes);
    const rec = await retrainWeights(storage, 'app:live', { buildContacts, now: () => 42 });
    assert.ok(rec);
    assert.equal(saved.length, 1);
    assert.equal(rec.trainedAt, 42);
    assert.equal(rec.samples, outcomes.length);
    assert.ok(rec.weights.favorite > DEFAULT_WEIGHTS.favorite);
    for (const f of ['reciprocal', 'reciprocal_frequency', 'reciprocal_recency', 'app_user', 'accepted']) {
      assert.equal(rec.weights[f], DEFAULT_WEIGHTS[f], f);
    }
  });

  it('saves nothing with too few outcomes, or when the inviters have no books any more', async () => {
    const { outcomes, buildContacts } = world();
    const few = fakeStorage(outcomes.slice(0, MIN_SAMPLES - 1));
    assert.equal(await retrainWeights(few.storage, 't', { buildContacts }), null);
    assert.equal(few.saved.length, 0);
    const gone = fakeStorage(outcomes);
    assert.equal(await retrainWeights(gone.storage, 't', { buildContacts: async () => null }), null);
    assert.equal(gone.saved.length, 0);
  });

  it('counts a person invited again (a client retrying) once: retries never reach the minimum', async () => {
    const { outcomes, buildContacts } = world();
    // 10 people invited 25 times each, 2 of them accepted: 250 rows, 10 samples.
    const few = outcomes.slice(0, 10).map((o, i) => ({ ...o, accepted: i < 2 }));
    const retried = fakeStorage(Array.from({ length: 25 }, () => few).flat());
    assert.equal(await retrainWeights(retried.storage, 't', { buildContacts }), null);
    assert.equal(retried.saved.length, 0);
    // The whole world twice: the same samples as once.
    const twice = fakeStorage([...outcomes, ...outcomes]);
    const rec = await retrainWeights(twice.storage, 't', { buildContacts });
    assert.equal(rec?.samples, outcomes.length);
  });

  it('takes no sample from an invite to a line several rows hold (a family landline): it names none of them', async () => {
    const { outcomes, buildContacts } = world();
    // In u0's book, contacts 1 and 2 also share a landline; an invite recorded to that line is nobody's.
    const line = 'p:+14155557001';
    const build = async (userId: string) => {
      const b = await buildContacts(userId);
      if (b === null || userId !== 'u0') return b;
      const contacts = b.contacts.map((c) => (c.id === 1 || c.id === 2 ? { ...c, keys: [...c.keys, line] } : c));
      return { ...b, contacts };
    };
    const plain = await retrainWeights(fakeStorage(outcomes).storage, 't', { buildContacts: build });
    const withLine = await retrainWeights(fakeStorage([...outcomes, { userId: 'u0', keys: [line], accepted: true }]).storage, 't', { buildContacts: build });
    assert.equal(plain?.samples, outcomes.length);
    assert.equal(withLine?.samples, outcomes.length);
    assert.deepEqual(withLine?.weights, plain?.weights);
  });
});
