import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseDate, plausibleDate } from '../../src/domain/dates.ts';

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
  it('a number past the last date JavaScript can name is no date (it would not fit a bigint column either)', () => {
    assert.equal(parseDate(8.64e15), 8.64e15);
    assert.equal(parseDate(8.64e15 + 1), null);
    assert.equal(parseDate(1e20), null);
    assert.equal(parseDate('100000000000000000000'), null);
    assert.equal(parseDate(Number.MAX_VALUE), null);
  });
  it('reads the other forms that name their day unambiguously: RFC 5322, Date.toString(), month names, 2026/11/24, ISO basic', () => {
    const at = Date.UTC(2026, 10, 24, 9, 30, 0);
    for (const [v, want] of [
      ['Tue, 24 Nov 2026 09:30:00 +0000', at],
      ['Tue, 24 Nov 2026 09:30:00 GMT', at], // HTTP's form (RFC 7231), Date.toUTCString()
      ['24 Nov 2026 04:30 -0500', at],
      ['Tue, 24 Nov 2026 04:30:00 EST', at],
      ['Tue Nov 24 2026 10:30:00 GMT+0100 (Central European Standard Time)', at], // Date.toString()
      ['2026/11/24 09:30', at],
      ['20261124T093000Z', at],
      ['20261124T1030+0100', at],
      ['24 Nov 2026', Date.UTC(2026, 10, 24)],
      ['Nov 24, 2026', Date.UTC(2026, 10, 24)],
      ['November 24, 2026', Date.UTC(2026, 10, 24)],
      ['2026/11/24', Date.UTC(2026, 10, 24)],
      // The basic form without a time: a day, not 20,261,124 Unix seconds (a day of 1970).
      ['20261124', Date.UTC(2026, 10, 24)],
      ['19991231', Date.UTC(1999, 11, 31)],
    ] as const)
      assert.equal(parseDate(v), want, v);
    // Eight digits that are no such day stay Unix seconds, as every other string of digits.
    assert.equal(parseDate('20261332'), 20261332 * 1000);
    assert.equal(parseDate(20261124), 20261124 * 1000);
    // Date.toString() and toUTCString() of any instant read back as that instant (to the second).
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2099, 11, 31) }), (ms) => {
        const s = Math.floor(ms / 1000) * 1000;
        return parseDate(new Date(s).toString()) === s && parseDate(new Date(s).toUTCString()) === s;
      }),
    );
  });
  it('reads the dates of real mail logs: the Date header with its zone comment, asctime and date(1), Outlook\'s 12-hour "Sent:" line', () => {
    // Issue #12: one such date in an upload was a 400 for the whole book (every person of it lost).
    const at = Date.UTC(2001, 4, 14, 23, 39, 0);
    for (const [v, want] of [
      ['Mon, 14 May 2001 16:39:00 -0700 (PDT)', at], // every Date header of the Enron corpus
      ['Mon,  4 May 2001 16:39:00 -0700 (PDT)', Date.UTC(2001, 4, 4, 23, 39, 0)], // a padded day
      ['Mon, 14 May 2001 23:39:00 +0000 (GMT)', at],
      ['Mon, 14 May 2001 16:39:00 (PDT)', at], // the zone only in the comment
      ['Mon, 14 May 2001 23:39:00 (Coordinated Universal Time)', at], // a comment that is no zone name: UTC, as with none
      ['Mon May 14 16:39:00 PDT 2001', at], // date(1)
      ['Mon May 14 23:39:00 2001', at], // asctime, an mbox "From " line
      ['Monday, May 14, 2001 4:39 PM', Date.UTC(2001, 4, 14, 16, 39)], // Outlook's "Sent:" line
      ['May 14, 2001 12:05 AM', Date.UTC(2001, 4, 14, 0, 5)],
      ['May 14, 2001 12:05 p.m.', Date.UTC(2001, 4, 14, 12, 5)],
    ] as const)
      assert.equal(parseDate(v), want, v);
    // A 12-hour time that is none, an unknown zone, an unclosed comment: still no date.
    for (const v of ['May 14, 2001 13:05 PM', 'May 14, 2001 0:05 AM', 'Mon May 14 16:39:00 CEST 2001', 'Mon, 14 May 2001 16:39:00 -0700 (PDT'])
      assert.equal(parseDate(v), null, v);
  });
  it('reads Java ZonedDateTime (the zone id after the offset dropped), day first with dots, and the English medium form with a comma or "at" before the time', () => {
    const at = Date.UTC(2026, 10, 24, 9, 30);
    for (const v of [
      '2026-11-24T09:30:00Z[Europe/Paris]',
      '2026-11-24T10:30:00+01:00[Europe/Paris]',
      '2026-11-24T10:30+01:00[Europe/Paris]',
      '24.11.2026 09:30',
      '24.11.2026, 09:30:00',
      'Nov 24, 2026, 9:30:00 AM',
      'Nov 24, 2026, 9:30:00\u202fAM',
      'November 24, 2026 at 9:30 AM',
      'Tuesday, November 24, 2026, 9:30 AM',
      '24 Nov 2026, 09:30',
    ])
      assert.equal(parseDate(v), at, v);
    assert.equal(parseDate('24.11.2026'), Date.UTC(2026, 10, 24));
    assert.equal(parseDate('1.2.2026'), Date.UTC(2026, 1, 1)); // day first: 1 February
    assert.equal(parseDate('Nov 24, 2026, 9:30:00 PM'), Date.UTC(2026, 10, 24, 21, 30));
    // Must stay refused: a zone id with no offset (it needs a zone database), an unclosed one, dots with the
    // month first or a day the month has not, slashes, and a 12-hour time that is none.
    for (const v of [
      '2026-11-24T09:30:00[Europe/Paris]',
      '2026-11-24[Europe/Paris]',
      '2026-11-24T09:30:00Z[Europe/Paris',
      '11.24.2026',
      '31.02.2026',
      '24.11.26',
      '03/04/2026',
      'Nov 24, 2026, 13:30:00 PM',
    ])
      assert.equal(parseDate(v), null, v);
  });
  it('refuses day and month as numbers with slashes (03/04/2026 is two different days), and invalid parts', () => {
    for (const v of [
      '03/04/2026',
      '11/24/2026',
      '31 Feb 2026 10:00 +0000',
      '24 Foo 2026',
      'Tue, 24 Nov 2026 25:00:00 +0000',
      '24 Nov 2026 09:30 +0099',
      '24 Nov 2026 09:30 XYZ',
      '2026/13/01',
    ])
      assert.equal(parseDate(v), null, v);
  });
  it('years 1 to 99 are those years, not 1901 to 1999: .NET\'s "never" is no plausible message date', () => {
    assert.equal(parseDate('0001-01-01T00:00:00'), Date.parse('0001-01-01T00:00:00Z'));
    assert.equal(new Date(parseDate('0099-12-31')!).toISOString(), '0099-12-31T00:00:00.000Z');
    assert.equal(new Date(parseDate('0004-02-29')!).toISOString(), '0004-02-29T00:00:00.000Z');
    assert.equal(parseDate('0001-02-29'), null);
    assert.equal(plausibleDate(parseDate('0099-12-31')), null);
    assert.equal(plausibleDate(parseDate('0001-01-01T00:00:00')), null);
  });

  it("reads ISO 8601's other forms: an offset of hours only, ' UTC' (Ruby's Time#to_s), a decimal comma, 24:00:00 (a probe found each a 400)", () => {
    const at = Date.UTC(2026, 10, 24, 9, 30);
    assert.equal(parseDate('2026-11-24 09:30:00+00'), at);
    assert.equal(parseDate('2026-11-24T09:30:00+05'), at - 5 * 3_600_000);
    assert.equal(parseDate('2026-11-24T09:30:00-03'), at + 3 * 3_600_000);
    assert.equal(parseDate('2026-11-24 09:30:00 UTC'), at);
    assert.equal(parseDate('2026-11-24 09:30:00 gmt'), at);
    assert.equal(parseDate('2026-11-24T09:30:00,5Z'), at + 500);
    assert.equal(parseDate('2026-11-24T24:00:00Z'), Date.UTC(2026, 10, 25));
    assert.equal(parseDate('2026-11-24T24:00:01Z'), null);
    assert.equal(parseDate('2026-11-24T24:30:00Z'), null);
    assert.equal(parseDate('2026-02-29T24:00:00Z'), null);
  });

  it('9999, the year systems write for "never", is no message date; 2099 (a clock gone wrong) still is', () => {
    assert.equal(plausibleDate(parseDate('9999-12-31T23:59:59.9999999')), null);
    assert.equal(plausibleDate(parseDate('9999-01-01')), null);
    assert.equal(plausibleDate(parseDate('9999-01-01T00:00:00+01:00')), null); // 9998-12-31T23:00Z, written 9999
    assert.equal(plausibleDate(parseDate('9998-12-31')), parseDate('9998-12-31'));
    assert.equal(plausibleDate(parseDate('2099-12-31')), Date.UTC(2099, 11, 31));
  });

  it('refuses what is not a date', () => {
    for (const v of ['yesterday', '2010-13-01', '2010-02-31', '', -5, NaN, {}, true]) assert.equal(parseDate(v), null, String(v));
    assert.equal(parseDate(null), null);
  });
});

// The common ISO shapes are read without the regular expression and without Date.UTC (day arithmetic):
// the result must be what the regular-expression path computes with Date.UTC.
describe('parseDate fast ISO path agrees with the regular-expression path', () => {
  const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
  function reference(s: string): number | null {
    const m = ISO.exec(s.trim());
    if (!m) return null;
    const [, y, mo, d, h = '00', mi = '00', sec = '00', frac = '', off] = m;
    const month = Number(mo),
      day = Number(d),
      hour = Number(h),
      minute = Number(mi),
      second = Number(sec);
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return null;
    let ms = Date.UTC(Number(y), month - 1, day, hour, minute, second, frac ? Math.round(Number(frac) * 1000) : 0);
    if (new Date(ms).getUTCDate() !== day) return null;
    if (off && off.toUpperCase() !== 'Z') {
      const sign = off[0] === '-' ? -1 : 1;
      const digits = off.slice(1).replace(':', '');
      ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
    }
    return Number.isFinite(ms) ? ms : null;
  }
  const two = (n: number) => String(n).padStart(2, '0');
  it('every year 1000-9999, any day (invalid ones too), time, fraction and offset', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 61 }),
        fc.constantFrom('', '.', '.5', '.05', '.999', '.9995', '.1234567', '.0'),
        fc.constantFrom('', 'Z', '+00:00', '+05:30', '-11:00', '+14:00', '-00:30', 'z', '+0530'),
        (y, mo, d, h, mi, sec, frac, off) => {
          const s = `${y}-${two(mo)}-${two(d)}T${two(h)}:${two(mi)}:${two(sec)}${frac}${off}`;
          assert.equal(parseDate(s), reference(s), s);
        },
      ),
      { numRuns: 20_000, seed: 12 },
    );
  });
  it('fractions of one to three digits are whole milliseconds', () => {
    for (let k = 0; k < 1000; k++) {
      for (const f of [String(k).padStart(3, '0'), String(k % 100).padStart(2, '0'), String(k % 10)]) {
        const s = `2020-02-29T23:59:59.${f}Z`;
        assert.equal(parseDate(s), reference(s), s);
      }
    }
  });
});
