import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDate } from '../../src/domain/dates.ts';

describe('parseDate', () => {
  const t = Date.UTC(2010, 4, 28, 9, 12, 0);
  it('reads ISO 8601 with offset, without offset (UTC), with milliseconds and Z', () => {
    assert.equal(parseDate('2010-05-28T09:12:00+00:00'), t);
    assert.equal(parseDate('2010-05-28T11:12:00+02:00'), t);
    assert.equal(parseDate('2010-05-28T04:12:00-0500'), t);
    assert.equal(parseDate('2010-05-28T09:12:00'), t);
    assert.equal(parseDate('2010-05-28T09:12:00.250Z'), t + 250);
    assert.equal(parseDate('2010-05-28'), Date.UTC(2010, 4, 28));
  });
  it('reads Unix seconds, integer or float, and numeric strings', () => {
    assert.equal(parseDate(t / 1000), t);
    assert.equal(parseDate(t / 1000 + 0.5), t + 500);
    assert.equal(parseDate(String(t / 1000)), t);
  });
  it('refuses what is not a date', () => {
    for (const v of ['yesterday', '2010-13-01', '2010-02-31', '', -5, NaN, {}, true]) assert.equal(parseDate(v), null, String(v));
    assert.equal(parseDate(null), null);
  });
});
