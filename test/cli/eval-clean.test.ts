/**
 * `npm run eval:clean`'s data sets: they are not in the repository, so a clone has none. The script
 * then says, on its first lines, that the data-set sections are skipped and why (it skipped them without
 * a word), reads `--datasets DIR` as well as `--datasets=DIR` (the README's form was ignored), and stops
 * on a folder asked for that holds no data set.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findDatasets, optionsOf } from '../../eval/clean/datasets.ts';

describe('eval:clean finds its data sets, or says it has none', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'kith-eval-clean-'));
    mkdirSync(join(dir, 'books'));
    writeFileSync(join(dir, 'books', 'b.jsonl'), '{}\n');
    writeFileSync(join(dir, 'books', 'a.jsonl'), '{}\n');
    writeFileSync(join(dir, 'books', 'notes.md'), '');
    mkdirSync(join(dir, 'empty'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the .jsonl files of the folder given, sorted', () => {
    const d = findDatasets(join(dir, 'books'), []);
    assert.equal(d.skipped, null);
    assert.deepEqual(d.files, [join(dir, 'books', 'a.jsonl'), join(dir, 'books', 'b.jsonl')]);
  });

  it('without --datasets, takes the first default folder that exists', () => {
    const d = findDatasets(undefined, [join(dir, 'missing'), join(dir, 'books')]);
    assert.equal(d.dir, join(dir, 'books'));
    assert.equal(d.files.length, 2);
    assert.equal(d.skipped, null);
  });

  it('no data set found: a line saying the sections are skipped, why, and where the data comes from', () => {
    for (const defaults of [[join(dir, 'missing')], [join(dir, 'empty')]]) {
      const d = findDatasets(undefined, defaults);
      assert.deepEqual(d.files, []);
      assert.ok(d.skipped !== null, 'it says so');
      assert.match(d.skipped, /^# data-set sections skipped: no \.jsonl data set in /);
      assert.ok(d.skipped.includes(defaults[0]), 'it names where it looked');
      assert.match(d.skipped, /not in the repository/);
      assert.match(d.skipped, /KONECT "radoslaw_email"/);
      assert.match(d.skipped, /SNAP "email-Eu-core-temporal", department 3/);
      assert.match(d.skipped, /--datasets DIR/);
    }
  });

  it('a folder asked for that is missing or holds no data set stops the run, saying why', () => {
    assert.throws(() => findDatasets(join(dir, 'missing'), []), /--datasets .*missing: no such folder \(the evaluation books are not in the repository/);
    assert.throws(() => findDatasets(join(dir, 'empty'), []), /--datasets .*empty: holds no \.jsonl file/);
  });

  it('reads --name value and --name=value alike', () => {
    const o = optionsOf(['--datasets', '/d', '--seed=7', '--region', 'GB', '--flag']);
    assert.deepEqual(Object.fromEntries(o), { datasets: '/d', seed: '7', region: 'GB', flag: '1' });
  });
});
