/**
 * `kith reclean` as a user runs it, on both engines: a database holding a book cleaned by an older
 * cleaner (a stale phone key), a dry run that counts and writes nothing, a run that re-cleans it, a
 * second run that finds nothing to do, and bad usage.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EntryInput, SourceInput } from '../../src/domain/types.ts';
import { cleanUpload } from '../../src/services/address-book.ts';
import { kith } from '../helpers/cli.ts';
import { ENGINES, engineSkip, makeTestStorage } from '../helpers/engines.ts';

const T = 'app_cli:live';

for (const engine of ENGINES) {
  describe(`kith reclean on ${engine}`, { skip: await engineSkip(engine) }, () => {
    it('re-cleans a stale book, counts first on --dry-run, and finds nothing left on a second run', async () => {
      const { storage, url, cleanup } = await makeTestStorage(engine);
      try {
        const source: SourceInput = { type: 'gmail', email: 'me@home.com', phone: null, name: null };
        const entries: EntryInput[] = [{ name: 'Ann Lee', emails: ['ann@example.com'], phones: ['+44 7911 123456'] }];
        const c = cleanUpload(source, entries, null);
        const goodKey = c.normalized[0]!.phones[0]!.key!;
        const stale = c.normalized.map((e) => ({ ...e, phones: e.phones.map((p) => ({ ...p, key: 'p:+10000000000' })) }));
        await storage.appendUpload(T, {
          batchId: 'b1',
          userId: 'ann-owner',
          sourceKey: c.sourceKey,
          source,
          raw: entries,
          rawJson: JSON.stringify({ user_id: 'ann-owner', source, entries }),
          normalized: stale,
          ownerKeys: c.ownerKeys,
          keyStats: [{ key: 'p:+10000000000', times: 0, lastSent: null, lastReceived: null }],
          createdAt: 1,
        });
        const env = { DATABASE_URL: url };

        const dry = await kith(['reclean', '--dry-run'], env);
        assert.equal(dry.code, 0, dry.stderr);
        assert.match(dry.stdout, /1 books, 1 uploads read; 1 uploads in 1 books would be re-cleaned \(dry run: nothing written\)/);
        assert.equal((await storage.loadBook(T, 'ann-owner'))?.entries[0]?.phones[0]?.key, 'p:+10000000000');

        const run = await kith(['reclean', '--quiet'], env);
        assert.equal(run.code, 0, run.stderr);
        assert.match(run.stdout, /1 uploads in 1 books re-cleaned/);
        assert.equal((await storage.loadBook(T, 'ann-owner'))?.entries[0]?.phones[0]?.key, goodKey);

        const again = await kith(['reclean'], env);
        assert.match(again.stdout, /0 uploads in 0 books re-cleaned/);
      } finally {
        await cleanup();
      }
    });
  });
}

describe('kith reclean usage', () => {
  it('answers --help with an example and refuses unknown options with status 2', async () => {
    const help = await kith(['reclean', '--help'], {});
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Example: .*kith reclean --dry-run/);
    const bad = await kith(['reclean', '--bogus'], {});
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /kith: reclean: unknown option --bogus \(see kith reclean --help\)/);
  });
});
