/**
 * Every signal the default weights count can fire on contacts made the way the service makes them: raw
 * entries cleaned by cleanUpload and merged by mergeEntries, never contacts built by hand. A fixture
 * written by hand once carried a field value no real address has (`junk: 'role'`), and `role_email`, with
 * its documented weight of -1, was 0 on every real contact for months while its unit test passed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mergeEntries } from '../../src/domain/merge.ts';
import { ownerOf } from '../../src/domain/normalize.ts';
import { noSignals } from '../../src/domain/options.ts';
import { DEFAULT_WEIGHTS, rankContacts } from '../../src/domain/rank/index.ts';
import { OUTCOME_FEATURES } from '../../src/domain/rank/features.ts';
import type { EntryInput, SourceInput } from '../../src/domain/types.ts';
import { cleanUpload } from '../../src/services/address-book.ts';

/** Cross-user signals: they need other users' books (weight 0 by default, tested with the storage). */
const CROSS_USER = new Set(['known_by', 'reciprocal', 'reciprocal_frequency', 'reciprocal_recency']);

const GMAIL: SourceInput = { type: 'gmail', email: 'owner@corp.example', name: 'Olive Owner' };
const PHONE: SourceInput = { type: 'ios', phone: '+14155550100' };

function book(uploads: [SourceInput, EntryInput[]][]) {
  const normalized = uploads.flatMap(([source, entries]) => cleanUpload(source, entries, null).normalized);
  const owner = ownerOf(
    uploads.map(([s]) => s),
    null,
  );
  return { contacts: mergeEntries(normalized, undefined, owner), owner };
}

describe('the default signals on contacts made by the service', () => {
  it('each signal with a default weight shows in explain for some contact of a real upload', () => {
    const { contacts, owner } = book([
      [
        GMAIL,
        [
          // Written to and from, at the owner's organisation, a full card.
          {
            name: 'Ann Lee',
            emails: ['ann.lee@ect.corp.example'],
            phones: ['+1 415 555 0101'],
            company: 'Corp',
            title: 'CFO',
            addresses: [{ city: 'Houston' }],
            times_contacted: 12,
            last_message_sent_date: '2026-10-01T09:00:00Z',
            last_message_received_date: '2026-10-02T09:00:00Z',
          },
          // A personal address, written to.
          { name: 'Bo Chen', email: 'bo.chen@gmail.com', times_contacted: 3, last_message_sent_date: '2026-09-01T09:00:00Z' },
          // A role mailbox the owner writes to: kept, weighed down.
          { email: 'legal@partner.example', times_contacted: 5, last_message_sent_date: '2026-09-20T09:00:00Z' },
          // In two sources, as two different cards of one person.
          { name: 'Cy Park', email: 'cy@park.example', times_contacted: 1, last_message_sent_date: '2026-08-01T09:00:00Z' },
        ],
      ],
      [
        PHONE,
        [
          { name: 'Cy Park', phones: ['+1 415 555 0102'], emails: ['cy@park.example'] },
          { name: 'Di Ruiz', phones: ['+1 415 555 0103'], is_favorite: 1, pinned: 2 },
        ],
      ],
    ]);
    const rows = rankContacts(
      contacts.filter((c) => !c.junk),
      { owner, signals: noSignals(), weights: DEFAULT_WEIGHTS, explain: true, now: Date.UTC(2026, 10, 1) },
    );
    const fired = new Set<string>();
    for (const r of rows) for (const k of Object.keys(r.explain ?? {})) fired.add(k);
    const counted = Object.entries(DEFAULT_WEIGHTS)
      .filter(([k, w]) => w !== 0 && k !== 'bias' && !CROSS_USER.has(k) && !OUTCOME_FEATURES.has(k))
      .map(([k]) => k);
    assert.ok(counted.length >= 10, `the default weights count ${counted.join(', ')}`);
    for (const k of counted) assert.ok(fired.has(k), `${k} fired on no contact of a real upload (fired: ${[...fired].sort().join(', ')})`);
    // And where each should: a spot check of the three that depend on how an address is read.
    const byEmail = (e: string) => rows.find((r) => r.contact.emails.some((m) => m.display === e))!;
    assert.equal(byEmail('legal@partner.example').explain?.role_email, -1);
    assert.ok(byEmail('ann.lee@ect.corp.example').explain?.same_domain, 'a colleague at a subdomain of the owner');
    assert.ok(byEmail('bo.chen@gmail.com').explain?.personal_email);
    assert.ok(byEmail('cy@park.example').explain?.sources, 'one person in two sources');
  });
});
