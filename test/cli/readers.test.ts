/** The file readers of `kith import`: vCard → Entry (pure conversions and whole files). CSV: readers-csv.test.ts. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import { FormatContradicted, readContactsFile } from '../../src/readers/contacts-file.ts';
import { readCsvFile } from '../../src/readers/csv.ts';
import { googleRowToEntry } from '../../src/readers/google-csv.ts';
import {
  decodeEncodedWords,
  decodeQuotedPrintable,
  naturalOrder,
  parseVcards,
  readVcardFile,
  sourceTypeOf,
  splitStructured,
  unescapeText,
  vcardToEntry,
  type VcardProperty,
} from '../../src/readers/vcard.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const prop = (name: string, value: string, params: Record<string, string[]> = {}, group?: string): VcardProperty => ({
  name,
  value,
  params,
  ...(group ? { group } : {}),
});

describe('vcardToEntry (pure)', () => {
  it('maps names, e-mails, phones, organisation, addresses, websites and IMs', () => {
    const entry = vcardToEntry([
      prop('fn', 'Zoë Müller'),
      prop('email', 'zoe@acme.example', { type: ['internet', 'work'] }),
      prop('email', 'Zoe.Mueller@example.com', { type: ['internet', 'home', 'pref'] }),
      prop('tel', 'tel:+1-415-555-0123', { type: ['cell'] }),
      prop('org', 'Acme\\, Inc.;Sales'),
      prop('title', 'Director'),
      prop('nickname', 'Zo,Zozo'),
      prop('adr', ';;1 Main St;San Francisco;CA;94105;United States', { type: ['home', 'pref'] }),
      prop('url', 'https://zoe.example.com', {}, 'item2'),
      prop('xablabel', '_$!<HomePage>!$_', {}, 'item2'),
      prop('impp', 'xmpp:zoe@jabber.example', { type: ['home'] }),
      prop('photo', 'https://example.com/zoe.jpg', { value: ['uri'] }),
      prop('photo', '/9j/4AAQSkZJRg', { encoding: ['b'] }),
    ]);
    assert.deepEqual(entry, {
      name: 'Zoë Müller',
      // The preferred address first, as the contact app shows it.
      emails: ['Zoe.Mueller@example.com', 'zoe@acme.example'],
      phones: ['+1-415-555-0123'],
      nickname: 'Zo',
      title: 'Director',
      company: 'Acme, Inc.',
      photos: ['https://example.com/zoe.jpg'],
      addresses: [{ street: '1 Main St', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'United States', type: 'home' }],
      websites: [{ url: 'https://zoe.example.com', type: 'homepage' }],
      ims: [{ name: 'zoe@jabber.example', protocol: 'xmpp', type: 'home' }],
    });
  });

  it('builds the name from N when FN is missing, and keeps only what is there', () => {
    assert.deepEqual(vcardToEntry([prop('n', 'Dupont;Élodie;Marie;Dr.;'), prop('email', ' elodie@example.fr ')]), {
      name: 'Dr. Élodie Marie Dupont',
      emails: ['elodie@example.fr'],
    });
  });

  it('marks starred contacts as favourites and reads legacy IM properties', () => {
    const entry = vcardToEntry([prop('fn', 'Bo'), prop('categories', 'Friends,starred'), prop('xjabber', 'bo@jabber.example')]);
    assert.equal(entry?.is_favorite, 1);
    assert.deepEqual(entry?.ims, [{ name: 'bo@jabber.example', protocol: 'jabber' }]);
  });

  it('gives null for a card with nothing to show or invite', () => {
    assert.equal(vcardToEntry([prop('version', '3.0'), prop('note', 'hello')]), null);
    assert.equal(vcardToEntry([prop('fn', '  ')]), null);
  });

  it('a website without a label gets type "other" (the API requires one)', () => {
    assert.deepEqual(vcardToEntry([prop('fn', 'X'), prop('url', 'https://x.example')])?.websites, [{ url: 'https://x.example', type: 'other' }]);
  });
});

describe('vCard text helpers', () => {
  it('unescapes RFC 6350 text and splits structured values on unescaped separators', () => {
    assert.equal(unescapeText('a\\, b\\; c\\nd\\\\e'), 'a, b; c\nd\\e');
    assert.deepEqual(splitStructured('Acme\\; Co;Sales\\,EU;'), ['Acme; Co', 'Sales,EU', '']);
  });

  it('decodes quoted-printable in the given charset', () => {
    assert.equal(decodeQuotedPrintable('=C3=89lodie'), 'Élodie');
    assert.equal(decodeQuotedPrintable('M=FCller', 'ISO-8859-1'), 'Müller');
  });

  it('tells the source type from PRODID', () => {
    assert.equal(sourceTypeOf('-//Apple Inc.//iPhone OS 17.0//EN'), 'ios');
    assert.equal(sourceTypeOf('-//Google Inc//Google Contacts//EN'), 'gmail');
    assert.equal(sourceTypeOf('-//Android//Contacts//EN'), 'android');
    assert.equal(sourceTypeOf(undefined), null);
  });
});

describe('parseVcards (whole files)', () => {
  it('reads an iPhone 3.0 export with CRLF, folded lines, groups and inline photos', () => {
    const r = parseVcards(fixture('iphone.vcf'));
    assert.equal(r.sourceType, 'ios');
    assert.equal(r.entries.length, 3);
    assert.equal(r.entries[0].name, 'Zoë Müller');
    assert.deepEqual(r.entries[0].emails, ['Zoe.Mueller@example.com', 'zoe@acme.example']);
    assert.equal(r.entries[0].company, 'Acme, Inc.');
    assert.equal(r.entries[0].photos, undefined, 'inline photos are not URLs');
    assert.deepEqual(r.entries[0].websites, [{ url: 'https://zoe.example.com', type: 'homepage' }]);
    assert.deepEqual(r.entries[1], { name: 'Ana Silva', emails: ['ana@example.org'], phones: ['+351 912 345 678'] });
    assert.deepEqual(r.skipped, []);
  });

  it('reads Android 2.1 quoted-printable (with soft line breaks) and 4.0 cards; skips broken and empty ones', () => {
    const r = parseVcards(fixture('android.vcf'));
    assert.deepEqual(r.entries[0], {
      name: 'Élodie Dupont',
      emails: ['elodie@example.fr'],
      phones: ['+33 6 12 34 56 78', '01 23 45 67 89'],
      ims: [{ name: 'elodie@jabber.example', protocol: 'jabber' }],
      is_favorite: 1,
    });
    assert.deepEqual(r.entries[1], { name: 'Bo Chen', emails: ['bo@example.net'], phones: ['+1-202-555-0147'] });
    assert.equal(r.entries.length, 2);
    assert.deepEqual(
      r.skipped.map((s) => s.card),
      [2, 3],
    );
    assert.match(r.skipped[1].reason, /version/i);
  });

  it('an empty file has no entries', () => {
    assert.deepEqual(parseVcards(''), { entries: [], skipped: [], sourceType: null });
  });
});

/** A .vcf text from its lines (CRLF, as exports write it). */
const vcf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
/** The names (or null) of a file's cards, in file order. */
const namesOf = (input: string | Uint8Array, opts?: { charset?: string }) => readVcardFile(input, opts).cards.map((c) => c.entry?.name ?? null);

describe('readVcardFile: every card is read and counted (issue #12)', () => {
  it('reads cards without VERSION, or with it written loosely (3, " 3.0", 2.0)', () => {
    const r = readVcardFile(
      vcf(
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:First',
        'EMAIL:first@example.com',
        'END:VCARD',
        'BEGIN:VCARD',
        'FN:Middle',
        'EMAIL:middle@example.com',
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION:3',
        'FN:Three',
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION: 3.0',
        'FN:Spaced',
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION:2.0',
        'FN:Two',
        'END:VCARD',
      ),
    );
    assert.deepEqual(
      r.cards.map((c) => c.entry),
      [
        { name: 'First', emails: ['first@example.com'] },
        { name: 'Middle', emails: ['middle@example.com'] },
        { name: 'Three' },
        { name: 'Spaced' },
        { name: 'Two' },
      ],
    );
    assert.deepEqual(
      r.cards.map((c) => c.notes),
      [[], [], [], [], []],
    );
  });

  it('must not change: 2.1, 3.0 and 4.0 read; a version number other than 2, 3 or 4 is not read, and says why', () => {
    const r = readVcardFile(
      vcf(
        'BEGIN:VCARD',
        'VERSION:2.1',
        'FN:A',
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION:4.0',
        'FN:B',
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION:9.9',
        'FN:C',
        'END:VCARD',
      ),
    );
    assert.deepEqual(
      r.cards.map((c) => c.entry?.name ?? null),
      ['A', 'B', null],
    );
    assert.deepEqual(r.cards[2].read, {});
    assert.equal(r.cards[2].notRead, 'unsupported vCard version "9.9"');
    assert.deepEqual(parseVcards(vcf('BEGIN:VCARD', 'VERSION:9.9', 'FN:C', 'END:VCARD')).skipped, [{ card: 1, reason: 'unsupported vCard version "9.9"' }]);
  });

  it('a card without END:VCARD ends at the next BEGIN:VCARD or at the end of the file, and is noted', () => {
    const r = readVcardFile(
      vcf(
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:Joined',
        'EMAIL:joined@example.com',
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:Whole',
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:Truncated',
        'TEL:+1 415 555 0100',
      ),
    );
    assert.deepEqual(
      r.cards.map((c) => [c.entry, c.notes]),
      [
        [{ name: 'Joined', emails: ['joined@example.com'] }, ['no_end']],
        [{ name: 'Whole' }, []],
        [{ name: 'Truncated', phones: ['+1 415 555 0100'] }, ['no_end']],
      ],
    );
  });

  it('must not change: text between cards is no card; a card with nothing usable is one, holding what it has', () => {
    const r = readVcardFile(
      vcf(
        'BEGIN:VCARD',
        'VERSION:3.0',
        'NOTE:just a note',
        'END:VCARD',
        'some trailing text',
        'BEGIN:VCARD',
        'VERSION:3.0',
        'NICKNAME:Zo',
        'END:VCARD',
        '',
        'BEGIN:VCARD',
        'FN:Ann',
        'END:VCARD',
      ),
    );
    assert.deepEqual(
      r.cards.map((c) => [c.entry, c.read]),
      [
        [null, {}],
        // Known only by its nickname: named by it, as a card with only FN:Ann is named Ann.
        [
          { name: 'Zo', nickname: 'Zo' },
          { name: 'Zo', nickname: 'Zo' },
        ],
        [{ name: 'Ann' }, { name: 'Ann' }],
      ],
    );
  });

  it("a card's position in the file is its index: parseVcards numbers skipped cards from 1", () => {
    const text = vcf(
      'BEGIN:VCARD',
      'VERSION:3.0',
      'NOTE:only a note',
      'END:VCARD',
      'BEGIN:VCARD',
      'FN:No Version',
      'EMAIL:nv@example.com',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Shop',
      'EMAIL:no-reply@shop.example',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Ann',
      'EMAIL:ann@example.com',
      'END:VCARD',
    );
    assert.deepEqual(namesOf(text), [null, 'No Version', 'Shop', 'Ann']);
    const p = parseVcards(text);
    assert.deepEqual(
      p.entries.map((e) => e.name),
      ['No Version', 'Shop', 'Ann'],
    );
    assert.deepEqual(p.skipped, [{ card: 1, reason: 'no name, e-mail, phone or company' }]);
  });
});

describe('readVcardFile: property lines (RFC 6350 §3.3)', () => {
  it('a quoted parameter value may hold ":", ";" and ","', () => {
    const r = readVcardFile(
      vcf(
        'BEGIN:VCARD',
        'VERSION:4.0',
        'FN:Ned',
        'EMAIL:other@example.com',
        'EMAIL;TYPE="x:y";PREF=1:ned@example.com',
        'TEL;X-LABEL="desk; room 4, west":+1 415 555 0101',
        'item1.URL;LABEL="a:b":https://ned.example',
        'item1.X-ABLabel:blog',
        'END:VCARD',
      ),
    );
    assert.deepEqual(r.cards[0].entry, {
      name: 'Ned',
      // PREF=1 after the quoted value was read: the preferred address comes first.
      emails: ['ned@example.com', 'other@example.com'],
      phones: ['+1 415 555 0101'],
      websites: [{ url: 'https://ned.example', type: 'blog' }],
    });
  });

  it('decodes RFC 6868 escapes in quoted values; an unclosed quote is a character', () => {
    const r = readVcardFile(vcf('BEGIN:VCARD', 'FN:Ann', 'EMAIL;TYPE="^\'home^\'":ann@example.com', 'TEL;TYPE="cell:+1 415 555 0102', 'END:VCARD'));
    assert.deepEqual(r.cards[0].entry, { name: 'Ann', emails: ['ann@example.com'], phones: ['+1 415 555 0102'] });
  });

  it('must not change: bare 2.1 parameters, repeated and quoted TYPE lists, groups, folded lines', () => {
    const r = readVcardFile(
      vcf(
        'BEGIN:VCARD',
        'VERSION:2.1',
        'FN:Bo',
        ' Chen',
        'TEL;CELL:+1 202 555 0100',
        'TEL;HOME;PREF:+1 202 555 0147',
        'EMAIL;type=INTERNET;type=WORK:bo@work.example',
        'EMAIL;TYPE="internet,pref":bo@example.net',
        'END:VCARD',
      ),
    );
    assert.deepEqual(r.cards[0].entry, { name: 'Bo Chen', emails: ['bo@example.net', 'bo@work.example'], phones: ['+1 202 555 0147', '+1 202 555 0100'] });
  });
});

describe('readVcardFile: folded lines', () => {
  it('vCard 2.1 folds as RFC 822 does, at white space, which unfolding keeps; 3.0 and 4.0 drop the one character (file probe)', () => {
    const card = (version: string, ...lines: string[]) => vcf('BEGIN:VCARD', `VERSION:${version}`, ...lines, 'TEL;CELL:+43 664 1234567', 'END:VCARD');
    assert.deepEqual(namesOf(card('2.1', 'FN:Maximilian Alexander', ' von Habsburg')), ['Maximilian Alexander von Habsburg']);
    assert.deepEqual(namesOf(card('2.1', 'FN:Maximilian Alexander', '\tvon Habsburg')), ['Maximilian Alexander von Habsburg']);
    assert.deepEqual(namesOf(card('3.0', 'FN:Maximilian Alexander v', ' on Habsburg')), ['Maximilian Alexander von Habsburg']);
    assert.deepEqual(namesOf(card('4.0', 'FN:Maximilian Alexander ', ' von Habsburg')), ['Maximilian Alexander von Habsburg']);
    // A 2.1 photo's base64, indented, is still read (white space in base64 is nothing).
    const photo = readVcardFile(card('2.1', 'FN:Ann', 'PHOTO;ENCODING=BASE64;TYPE=JPEG:/9j/4AAQ', '  SkZJRgABAQ', ''));
    assert.equal(photo.cards[0].entry?.name, 'Ann');
  });
});

describe('readVcardFile: character sets', () => {
  const latin1 = (s: string) => Buffer.from(s, 'latin1');
  const card = (...lines: string[]) => vcf('BEGIN:VCARD', 'VERSION:2.1', ...lines, 'END:VCARD');

  it('a windows-1252 file without a declaration (bytes that are not UTF-8) is read as windows-1252', () => {
    const r = readVcardFile(latin1(card('FN:Jürgen Müller', 'ORG:Café \x80 Co') + card('FN:\x8aimon O\x92Brien')));
    assert.equal(r.charset, 'windows-1252');
    assert.deepEqual(
      r.cards.map((c) => c.entry),
      // 0x80-0x9F as windows-1252 has them (Node's own TextDecoder gets them wrong since 20.18.3).
      [{ name: 'Jürgen Müller', company: 'Café € Co' }, { name: 'Šimon O’Brien' }],
    );
  });

  it('a property of such a file declaring its CHARSET is read in it', () => {
    const file = Buffer.concat([
      latin1(card('FN:Jürgen')), // windows-1252: the file is not UTF-8
      Buffer.from(card('FN;CHARSET=UTF-8:Zoë'), 'utf8'),
      latin1(card('FN;CHARSET=ISO-8859-2:\xa3ukasz')),
    ]);
    const r = readVcardFile(file);
    assert.equal(r.charset, 'windows-1252');
    assert.deepEqual(
      r.cards.map((c) => c.entry?.name),
      ['Jürgen', 'Zoë', 'Łukasz'],
    );
  });

  it('quoted-printable in the CHARSET it declares, and windows-1252 when it declares none and is not UTF-8', () => {
    assert.deepEqual(
      namesOf(
        card('FN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:J=FCrgen') +
          card('FN;CHARSET=windows-1252;QUOTED-PRINTABLE:=80 Euro') +
          card('FN;ENCODING=QUOTED-PRINTABLE:M=FCller') +
          card('FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C3=89lodie'),
      ),
      ['Jürgen', '€ Euro', 'Müller', 'Élodie'],
    );
  });

  it('must not change: a UTF-8 file stays UTF-8 (the file decides), whatever a raw property declares', () => {
    const r = readVcardFile(Buffer.from(card('FN;CHARSET=ISO-8859-1:Zoë Müller', 'N:王;小明;;;'), 'utf8'));
    assert.equal(r.charset, 'utf-8');
    assert.deepEqual(r.cards[0].entry, { name: 'Zoë Müller' });
    assert.deepEqual(namesOf(Buffer.from(`\uFEFF${card('FN:Zoë')}`, 'utf8')), ['Zoë']);
  });

  it('UTF-16 files are decoded: with a byte-order mark (LE and BE) or without one', () => {
    const text = vcf('BEGIN:VCARD', 'VERSION:3.0', 'FN:Jürgen 王小明', 'EMAIL:j@example.com', 'END:VCARD');
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(le).swap16();
    for (const [bytes, charset] of [
      [Buffer.concat([Buffer.from([0xff, 0xfe]), le]), 'utf-16le'],
      [Buffer.concat([Buffer.from([0xfe, 0xff]), be]), 'utf-16be'],
      [le, 'utf-16le'],
      [be, 'utf-16be'],
    ] as const) {
      const r = readVcardFile(bytes);
      assert.equal(r.charset, charset);
      assert.deepEqual(r.cards[0].entry, { name: 'Jürgen 王小明', emails: ['j@example.com'] });
    }
  });

  it("a charset the caller declares (a Content-Type's) is the file's", () => {
    const sjis = Buffer.concat([
      latin1('BEGIN:VCARD\r\nFN:'),
      Buffer.from([0x8e, 0x52, 0x93, 0x63, 0x20, 0x91, 0xbe, 0x98, 0x59]),
      latin1('\r\nEND:VCARD\r\n'),
    ]);
    assert.deepEqual(namesOf(sjis, { charset: 'Shift_JIS' }), ['山田 太郎']);
    assert.deepEqual(namesOf(latin1(card('FN:Jürgen')), { charset: 'iso-8859-1' }), ['Jürgen']);
  });

  it('text that lost characters before it came (U+FFFD) is read, and noted', () => {
    const r = readVcardFile(card('FN:J\uFFFDrgen', 'EMAIL:j@example.com') + card('FN:Ann'));
    assert.deepEqual(
      r.cards.map((c) => [c.entry?.name, c.notes]),
      [
        ['J\uFFFDrgen', ['undecodable']],
        ['Ann', []],
      ],
    );
  });
});

describe('readVcardFile: encoded names', () => {
  const b64 = (s: string, enc: BufferEncoding = 'utf8') => Buffer.from(s, enc).toString('base64');

  it('decodes base64 FN and N (ENCODING=b, ENCODING=BASE64, in their CHARSET)', () => {
    const r = readVcardFile(
      vcf(
        'BEGIN:VCARD',
        'VERSION:3.0',
        `FN;ENCODING=b:${b64('Álvaro Gonçalves')}`,
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION:2.1',
        `N;ENCODING=BASE64;CHARSET=ISO-8859-1:${b64('Müller;Jürgen;;;', 'latin1')}`,
        'END:VCARD',
      ),
    );
    assert.deepEqual(
      r.cards.map((c) => c.entry?.name),
      ['Álvaro Gonçalves', 'Jürgen Müller'],
    );
  });

  it('must not change: base64 that is no text, and binary properties, stay as written', () => {
    const r = readVcardFile(
      vcf(
        'BEGIN:VCARD',
        'FN;ENCODING=b:not base64!',
        'END:VCARD',
        'BEGIN:VCARD',
        `FN;ENCODING=b:${b64('\u0000\u0001bin')}`,
        'PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQ',
        'END:VCARD',
      ),
    );
    assert.deepEqual(
      r.cards.map((c) => c.entry),
      [{ name: 'not base64!' }, { name: b64('\u0000\u0001bin') }],
    );
  });

  it('decodes RFC 2047 encoded-words in FN and N', () => {
    assert.deepEqual(
      namesOf(
        vcf(
          'BEGIN:VCARD',
          'FN:=?UTF-8?B?w4FsdmFybyBHb27Dp2FsdmVz?=',
          'END:VCARD',
          'BEGIN:VCARD',
          'N:=?ISO-8859-1?Q?M=FCller?=;=?ISO-8859-1?Q?J=FCrgen?=;;;',
          'END:VCARD',
          'BEGIN:VCARD',
          'FN:=?UTF-8?Q?Ren=C3=A9e_Dupont?=',
          'END:VCARD',
        ),
      ),
      ['Álvaro Gonçalves', 'Jürgen Müller', 'Renée Dupont'],
    );
  });

  it('decodeEncodedWords: well-formed encoded-words only', () => {
    const cases: [string, string][] = [
      ['=?ISO-8859-1?Q?J=FCrgen?= Schmidt', 'Jürgen Schmidt'],
      ['Dr. =?utf-8?b?SsO8cmdlbg==?=', 'Dr. Jürgen'],
      // The space between two encoded-words is dropped; one character split between two words is one.
      ['=?UTF-8?Q?Ann?= =?UTF-8?Q?_Lee?=', 'Ann Lee'],
      [`=?UTF-8?B?${b64('\xe7\x8e', 'latin1')}?= =?UTF-8?B?${b64('\x8b', 'latin1')}?=`, '王'],
      ['=?UTF-8?B?546L?= =?UTF-8?B?5bCP5piO?=', '王小明'],
      ['=?UTF-8*en?Q?Ann?=', 'Ann'],
      // must not change:
      ['Ann =?', 'Ann =?'],
      ['=?UTF-8?B?w4F?=', '=?UTF-8?B?w4F?='], // bad padding
      ['=?UTF-8?Q?x=ZZ?=', '=?UTF-8?Q?x=ZZ?='], // bad hex
      ['=?UTF-8?B?/w==?=', '=?UTF-8?B?/w==?='], // not UTF-8
      [`=?UTF-8?B?${b64('\xe7\x8e', 'latin1')}?= x`, `=?UTF-8?B?${b64('\xe7\x8e', 'latin1')}?= x`], // half a character
      ['=?NO-SUCH-CHARSET?Q?a?=', '=?NO-SUCH-CHARSET?Q?a?='],
      ['=?UTF-8?X?a?=', '=?UTF-8?X?a?='],
      ['=?UTF-8?Q?a b?=', '=?UTF-8?Q?a b?='],
      ['x=?UTF-8?Q?a?=', 'x=?UTF-8?Q?a?='], // not a word of its own
      ['"=?UTF-8?Q?a?="', '"=?UTF-8?Q?a?="'],
      ['=?UTF-8?Q?=00a?=', '=?UTF-8?Q?=00a?='], // a control character
      ['ann=?x@example.com', 'ann=?x@example.com'],
    ];
    for (const [input, expected] of cases) assert.equal(decodeEncodedWords(input), expected, input);
  });

  it('a decoded ";" or "," in N is text, not a separator', () => {
    assert.deepEqual(namesOf(vcf('BEGIN:VCARD', 'N:=?UTF-8?Q?Smith=3B_Jr=2E?=;Ann;;;', 'END:VCARD')), ['Ann Smith; Jr.']);
  });
});

describe("numbers that are not the person's: faxes, pagers, assistants', company main (as Outlook's CSV columns)", () => {
  const phonesOf = (...lines: string[]) => readVcardFile(vcf('BEGIN:VCARD', 'VERSION:3.0', 'FN:Ann Lee', ...lines, 'END:VCARD')).cards[0].entry?.phones;

  it('vCard: FAX and PAGER types, Apple fax, pager and assistant labels are left out', () => {
    assert.deepEqual(
      phonesOf(
        'TEL;type=WORK;type=FAX:+1 415 555 0101',
        'TEL;PAGER:+1 415 555 0102',
        'TEL;TYPE=fax:+1 415 555 0103',
        'TEL;TYPE="work,fax":+1 415 555 0104',
        'TEL;TYPE=X-EVOLUTION-ASSISTANT:+1 415 555 0105',
        'TEL;TYPE=X-EVOLUTION-COMPANY:+1 415 555 0106',
        'item1.TEL:+1 415 555 0107',
        'item1.X-ABLabel:_$!<Assistant>!$_',
        'item2.TEL;type=VOICE:+1 415 555 0108',
        'item2.X-ABLabel:_$!<HomeFAX>!$_',
        'item3.TEL:+1 415 555 0109',
        'item3.X-ABLabel:_$!<WorkFAX>!$_',
        'item4.TEL:+1 415 555 0110',
        'item4.X-ABLabel:_$!<OtherFAX>!$_',
        'item5.TEL:+1 415 555 0111',
        'item5.X-ABLabel:_$!<Pager>!$_',
        'item6.TEL:+1 415 555 0112',
        'item6.X-ABLabel:Büro Fax',
        'TEL;CELL:+1 415 555 0100',
      ),
      ['+1 415 555 0100'],
    );
  });

  it("vCard: a fax labelled in the phone's language, and an Android custom label saying fax (X-Fax, Samsung X-CUSTOM), is left out (a probe: the fax was the number to text)", () => {
    const labelled = ['Факс', 'ファックス', 'ファクス', '传真', '傳真', '팩스', 'Télécopie', 'Faks', 'פקס', 'فاكس', 'Φαξ'].flatMap((l, i) => [
      `item${i + 1}.TEL:+1 415 555 ${1000 + i}`,
      `item${i + 1}.X-ABLabel:${l}`,
    ]);
    assert.deepEqual(
      phonesOf(
        ...labelled,
        'TEL;X-Fax:+1 415 555 0131',
        'TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Fax):+1 415 555 0132',
        'TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,=ED=8C=A9=EC=8A=A4):+1 415 555 0133',
        'TEL;CELL:+1 415 555 0100',
      ),
      ['+1 415 555 0100'],
    );
    // Other custom labels are the person's: `X-Oma`, Samsung's `Home 2`.
    assert.deepEqual(phonesOf('TEL;X-Oma:+1 415 555 0141', 'TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Home 2):+1 415 555 0142'), [
      '+1 415 555 0141',
      '+1 415 555 0142',
    ]);
  });

  it('must keep: a VOICE,FAX line, Apple Main and Mobile, custom labels, and every other TEL', () => {
    assert.deepEqual(
      phonesOf(
        'TEL;TYPE=VOICE,FAX:+1 415 555 0120',
        'TEL;TYPE=voice;TYPE=fax:+1 415 555 0121',
        'item1.TEL:+1 415 555 0122',
        'item1.X-ABLabel:_$!<Main>!$_',
        'item2.TEL:+1 415 555 0123',
        'item2.X-ABLabel:_$!<Mobile>!$_',
        'item3.TEL:+1 415 555 0124',
        'item3.X-ABLabel:Fairfax office',
        'TEL;HOME:+1 415 555 0125',
        'TEL;VALUE=uri;TYPE=cell:tel:+1-415-555-0126',
      ),
      ['+1 415 555 0120', '+1 415 555 0121', '+1 415 555 0122', '+1 415 555 0123', '+1 415 555 0124', '+1 415 555 0125', '+1-415-555-0126'],
    );
  });

  it('a card whose only number is a fax keeps its other fields; with nothing else it holds nothing (as an Outlook row)', () => {
    const r = readVcardFile(
      vcf(
        'BEGIN:VCARD',
        'VERSION:2.1',
        'FN:Ann Lee',
        'TEL;WORK;FAX:+1 415 555 0101',
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION:2.1',
        'TEL;FAX:+1 415 555 0102',
        'END:VCARD',
      ),
    );
    assert.deepEqual(
      r.cards.map((c) => [c.entry, c.read]),
      [
        [{ name: 'Ann Lee' }, { name: 'Ann Lee' }],
        [null, {}],
      ],
    );
  });

  it("vCard: a company's main number (Evolution's, DAVx5's type, a \"Company Main\" label) is read only for the company's own card holding no other number", () => {
    const companyPhones = (...lines: string[]) => readVcardFile(vcf('BEGIN:VCARD', 'VERSION:3.0', 'ORG:Acme', ...lines, 'END:VCARD')).cards[0].entry?.phones;
    assert.deepEqual(companyPhones('TEL;TYPE=X-EVOLUTION-COMPANY:+1 415 555 0106', 'TEL;TYPE=FAX:+1 415 555 0107'), ['+1 415 555 0106']);
    assert.deepEqual(companyPhones('FN:Acme', 'item1.TEL:+1 415 555 0108', 'item1.X-ABLabel:Company Main'), ['+1 415 555 0108']);
    assert.deepEqual(companyPhones('TEL;TYPE=X-COMPANY_MAIN:+1 415 555 0109', 'TEL;CELL:+1 415 555 0100'), ['+1 415 555 0100']);
    assert.equal(companyPhones('TEL;TYPE=X-EVOLUTION-ASSISTANT:+1 415 555 0105'), undefined);
    // A person's card never takes the switchboard.
    assert.equal(phonesOf('ORG:Acme', 'TEL;TYPE=X-EVOLUTION-COMPANY:+1 415 555 0106'), undefined);
  });

  it('Google CSV: a phone labelled fax, pager, assistant or company main is left out; Main, Mobile and others stay', () => {
    const header = ['Name', 'Given Name', ...[1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((n) => [`Phone ${n} - Label`, `Phone ${n} - Value`]), 'Pager'];
    const labels = ['Work Fax', 'Fax', '* Home Fax', 'Pager', 'Assistant', 'Company Main', 'Main', '* Mobile', 'Other'];
    const cells = ['Ann Lee', 'Ann', ...labels.flatMap((l, i) => [l, `+1 415 555 01${10 + i}`]), '+1 415 555 0199'];
    const expected = { name: 'Ann Lee', phones: ['+1 415 555 0117', '+1 415 555 0116', '+1 415 555 0118'] };
    assert.deepEqual(googleRowToEntry(Object.fromEntries(header.map((h, i) => [h, cells[i]]))), expected);
    const file = readCsvFile(`${header.join(',')}\n${cells.join(',')}\n`);
    assert.equal(file.layout, 'google');
    assert.deepEqual(file.rows[0].entry, expected);
    // The older layout's "Type" column reads the same.
    assert.deepEqual(
      googleRowToEntry({
        Name: 'Bo',
        'Phone 1 - Type': 'Work Fax',
        'Phone 1 - Value': '+1 415 555 0101',
        'Phone 2 - Type': 'Mobile',
        'Phone 2 - Value': '+1 415 555 0102',
      }),
      {
        name: 'Bo',
        phones: ['+1 415 555 0102'],
      },
    );
  });
});

describe('readVcardFile: a vCard 2.1 AGENT holding a card', () => {
  it('the nested card is a person of its own (the assistant), a card right after the one holding it; the outer card goes on after it', () => {
    const r = readVcardFile(
      vcf(
        'BEGIN:VCARD',
        'VERSION:2.1',
        'FN:Ann Lee',
        'AGENT:',
        'BEGIN:VCARD',
        'VERSION:2.1',
        'FN:Bo Assistant',
        'TEL:+1 415 555 0199',
        'END:VCARD',
        'EMAIL:ann@example.com',
        'TEL;CELL:+1 415 555 0100',
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION:2.1',
        'FN:Cy',
        'AGENT:BEGIN:VCARD',
        'FN:Di',
        'END:VCARD',
        'EMAIL:cy@example.com',
        'END:VCARD',
        'BEGIN:VCARD',
        'FN:Ed',
        'END:VCARD',
      ),
    );
    assert.deepEqual(
      r.cards.map((c) => [c.entry, c.notes]),
      [
        [{ name: 'Ann Lee', emails: ['ann@example.com'], phones: ['+1 415 555 0100'] }, []],
        [{ name: 'Bo Assistant', phones: ['+1 415 555 0199'] }, []],
        [{ name: 'Cy', emails: ['cy@example.com'] }, []],
        [{ name: 'Di' }, []],
        [{ name: 'Ed' }, []],
      ],
    );
  });

  it('an AGENT card inside an AGENT card, and one the file ends in: each a card, the unended one noted', () => {
    const r = readVcardFile(
      vcf(
        'BEGIN:VCARD',
        'FN:Ann',
        'AGENT:',
        'BEGIN:VCARD',
        'FN:Bo',
        'AGENT:BEGIN:VCARD',
        'FN:Cy',
        'END:VCARD',
        'TEL:+1 415 555 0199',
        'END:VCARD',
        'EMAIL:ann@example.com',
        'AGENT:',
        'BEGIN:VCARD',
        'FN:Di',
      ),
    );
    assert.deepEqual(
      r.cards.map((c) => [c.entry, c.notes, c.notRead === undefined ? null : 'unclear']),
      [
        [{ name: 'Ann', emails: ['ann@example.com'] }, ['no_end'], null],
        [{ name: 'Bo', phones: ['+1 415 555 0199'] }, [], null],
        [{ name: 'Cy' }, [], null],
        [null, ['no_end'], 'unclear'], // open at the end of the file, as Ann's card: whose lines are whose is unclear
      ],
    );
  });

  it("an AGENT card without its END: the card holding it ends on the agent's lines, so neither the agent nor those lines are credited to anyone; said (a review)", () => {
    const r = readVcardFile(
      vcf(
        'BEGIN:VCARD',
        'VERSION:2.1',
        'FN:Ann Lee',
        'AGENT:',
        'BEGIN:VCARD',
        'FN:Bo Assistant',
        'TEL;WORK:+1 415 555 0199',
        'EMAIL:ann@example.com',
        'TEL;CELL:+1 415 555 0100',
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION:2.1',
        'FN:Cy',
        'EMAIL:cy@example.com',
        'END:VCARD',
      ),
    );
    assert.deepEqual(
      r.cards.map((c) => [c.entry, c.notes, c.notRead ?? null]),
      [
        [{ name: 'Ann Lee' }, ['no_end'], null],
        [null, [], 'an AGENT card without its own END:VCARD: its lines and those of the card holding it after it cannot be told apart'],
        [{ name: 'Cy', emails: ['cy@example.com'] }, [], null],
      ],
    );
  });

  it("nested AGENT cards, the file card's END missing: the card that took the last lines is the unclear one, not the agent above it (a review)", () => {
    const r = readVcardFile(
      vcf(
        'BEGIN:VCARD',
        'FN:Ann Lee',
        'AGENT:',
        'BEGIN:VCARD',
        'FN:Bo Ng',
        'AGENT:',
        'BEGIN:VCARD',
        'FN:Cy Wu',
        'TEL:+1 415 555 0101',
        'EMAIL:ann@x.example',
        'END:VCARD',
        'END:VCARD',
        'BEGIN:VCARD',
        'FN:Dee',
        'END:VCARD',
      ),
    );
    assert.deepEqual(
      r.cards.map((c) => [c.entry?.name ?? null, c.notRead === undefined ? null : 'unclear']),
      [
        ['Ann Lee', null],
        ['Bo Ng', null],
        [null, 'unclear'],
        ['Dee', null],
      ],
    );
  });

  it("vCard 3.0's AGENT escaped in its value, folded (RFC 2426's own example): the assistant is the next card", () => {
    const r = readVcardFile(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:Ann Lee',
        'AGENT:BEGIN:VCARD\\nFN:Susan Thomas\\nTEL:+1-919-555-',
        ' 1234\\nEMAIL\\;INTERNET:sthomas@host.com\\nEND:VCARD\\n',
        'EMAIL:ann@example.com',
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:Cy',
        'EMAIL:cy@example.com',
        'END:VCARD',
        '',
      ].join('\r\n'),
    );
    assert.deepEqual(
      r.cards.map((c) => [c.entry, c.notes]),
      [
        [{ name: 'Ann Lee', emails: ['ann@example.com'] }, []],
        [{ name: 'Susan Thomas', emails: ['sthomas@host.com'], phones: ['+1-919-555-1234'] }, []],
        [{ name: 'Cy', emails: ['cy@example.com'] }, []],
      ],
    );
  });

  it('must not change: without AGENT, a BEGIN:VCARD inside a card still starts the next card (the first without END)', () => {
    const r = readVcardFile(vcf('BEGIN:VCARD', 'FN:Ann', 'NOTE:', 'BEGIN:VCARD', 'FN:Bo', 'END:VCARD', 'EMAIL:x@example.com'));
    assert.deepEqual(
      r.cards.map((c) => [c.entry, c.notes]),
      [
        [{ name: 'Ann' }, ['no_end']],
        [{ name: 'Bo' }, []],
      ],
    );
  });
});

describe('readVcardFile: an iPhone card shown as its company (X-ABShowAs:COMPANY)', () => {
  const card = (...lines: string[]) => ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD', ''].join('\r\n');
  const entriesOf = (text: string) => readVcardFile(text).cards.map((c) => c.entry);

  it("the person in N is the name, the company stays the company: the person's own card on the mobile is the same name", () => {
    const file =
      card(
        'PRODID:-//Apple Inc.//iPhone OS 17.2//EN',
        'N:Okafor;Chidi;;;',
        'FN:Okafor Landscaping',
        'ORG:Okafor Landscaping;',
        'X-ABShowAs:COMPANY',
        'TEL;type=CELL:+1 (415) 555-0111',
      ) + card('N:Okafor;Chidi;;;', 'FN:Chidi Okafor', 'TEL;type=CELL:+14155550111');
    assert.deepEqual(entriesOf(file), [
      { name: 'Chidi Okafor', phones: ['+1 (415) 555-0111'], company: 'Okafor Landscaping' },
      { name: 'Chidi Okafor', phones: ['+14155550111'] },
    ]);
  });

  it('must not change: a company card without a person in N (no name: docs/decisions.md), a card not shown as its company, an FN that is no company', () => {
    assert.deepEqual(entriesOf(card('N:;;;;', 'FN:Apple Inc.', 'ORG:Apple Inc.;', 'X-ABShowAs:COMPANY', 'TEL:+1 408 996 1010')), [
      { phones: ['+1 408 996 1010'], company: 'Apple Inc.' },
    ]);
    assert.deepEqual(entriesOf(card('N:Okafor;Chidi;;;', 'FN:Okafor Landscaping', 'ORG:Okafor Landscaping;', 'TEL:+1 415 555 0111')), [
      { name: 'Okafor Landscaping', phones: ['+1 415 555 0111'], company: 'Okafor Landscaping' },
    ]);
    assert.deepEqual(entriesOf(card('N:Okafor;Chidi;;;', 'FN:Chidi O.', 'ORG:Okafor Landscaping;', 'X-ABShowAs:COMPANY', 'TEL:+1 415 555 0111')), [
      { name: 'Chidi O.', phones: ['+1 415 555 0111'], company: 'Okafor Landscaping' },
    ]);
  });
});

describe('readVcardFile: a "show as company" card whose N holds no given name (review F2)', () => {
  const card = (...lines: string[]) => ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD', ''].join('\r\n');
  const entriesOf = (text: string) => readVcardFile(text).cards.map((c) => c.entry);

  it('N with only the family name ("Okafor;;;;") is no person: the card keeps the company as its name, the family member keeps theirs', () => {
    // Named "Okafor" it fit every Okafor and joined Ngozi through the shared business line (two fused).
    const file =
      card(
        'N:Okafor;;;;',
        'FN:Okafor Landscaping',
        'ORG:Okafor Landscaping;',
        'TEL;type=WORK:+1 312 555 0100',
        'EMAIL:office@okaforlandscaping.example',
        'X-ABShowAs:COMPANY',
      ) + card('N:Okafor;Ngozi;;;', 'FN:Ngozi Okafor', 'TEL;type=CELL:+1 312 555 0111', 'TEL;type=WORK:+1 312 555 0100');
    assert.deepEqual(entriesOf(file), [
      { name: 'Okafor Landscaping', emails: ['office@okaforlandscaping.example'], phones: ['+1 312 555 0100'], company: 'Okafor Landscaping' },
      { name: 'Ngozi Okafor', phones: ['+1 312 555 0111', '+1 312 555 0100'] },
    ]);
    // A title before the family name ("Dr. Okafor") names no one either; N that only spells the company out neither.
    for (const n of ['N:Okafor;;;Dr.;', 'N:Landscaping;Okafor;;;']) {
      assert.deepEqual(
        entriesOf(card(n, 'FN:Okafor Landscaping', 'ORG:Okafor Landscaping;', 'X-ABShowAs:COMPANY', 'TEL:+1 312 555 0100')).map((e) => e?.name),
        ['Okafor Landscaping'],
        n,
      );
    }
  });

  it('must not change: N with a given name names the person (the probe: the card and their own card are one name)', () => {
    for (const [n, name] of [
      ['N:Okafor;Chidi;;;', 'Chidi Okafor'],
      ['N:;Chidi;;;', 'Chidi'],
      ['N:Okafor;;Chidi;;', 'Chidi Okafor'],
    ]) {
      assert.deepEqual(
        entriesOf(card(n, 'FN:Okafor Landscaping', 'ORG:Okafor Landscaping;', 'X-ABShowAs:COMPANY', 'TEL:+1 415 555 0111')).map((e) => e?.name),
        [name],
        n,
      );
    }
  });
});

describe('a name written sorted ("Family, Given") beside the given and family names apart is shown in natural order (file probe)', () => {
  it("naturalOrder: only when the two parts are exactly the record's family and given names", () => {
    assert.equal(naturalOrder('Kollwitz, Käthe', 'Käthe', 'Kollwitz'), 'Käthe Kollwitz');
    assert.equal(naturalOrder('Schulz,Petra', ' Petra ', 'Schulz'), 'Petra Schulz');
    assert.equal(naturalOrder('Doe, Jane Ann', 'Jane', 'Doe', 'Ann'), 'Jane Ann Doe');
    // Anything else is as written: a company, a name without parts, parts that differ, a third part.
    assert.equal(naturalOrder('Smith, Jones & Co.', 'Ann', 'Smith'), 'Smith, Jones & Co.');
    assert.equal(naturalOrder('Lee, Ann', '', ''), 'Lee, Ann');
    assert.equal(naturalOrder('Lee, Ann', 'Ann', ''), 'Lee, Ann');
    assert.equal(naturalOrder('Lee, Annie', 'Ann', 'Lee'), 'Lee, Annie');
    assert.equal(naturalOrder('Lee, Ann, PhD', 'Ann', 'Lee'), 'Lee, Ann, PhD');
    assert.equal(naturalOrder('Ann Lee', 'Ann', 'Lee'), 'Ann Lee');
  });

  it("Outlook's vCard (FN:Schulz, Petra with N:Schulz;Petra), Thunderbird's Display Name, Google's Name", () => {
    assert.deepEqual(
      namesOf(vcf('BEGIN:VCARD', 'VERSION:2.1', 'N;LANGUAGE=de-de:Schulz;Petra', 'FN:Schulz, Petra', 'TEL;CELL;VOICE:+49 170 5556667', 'END:VCARD')),
      ['Petra Schulz'],
    );
    // FN sorted with nothing apart, or a company's: as written.
    assert.deepEqual(
      namesOf(
        vcf('BEGIN:VCARD', 'VERSION:3.0', 'FN:Schulz, Petra', 'END:VCARD', 'BEGIN:VCARD', 'VERSION:3.0', 'N:Smith;Ann', 'FN:Smith, Jones & Co.', 'END:VCARD'),
      ),
      ['Schulz, Petra', 'Smith, Jones & Co.'],
    );
    const tb = readCsvFile(
      'First Name,Last Name,Display Name,Primary Email\r\nKäthe,Kollwitz,"Kollwitz, Käthe",kaethe@kollwitz.example\r\n,,"Lee, Ann",ann@x.example\r\n',
    );
    assert.deepEqual(
      tb.rows.map((r) => r.entry?.name),
      ['Käthe Kollwitz', 'Lee, Ann'],
    );
    const google = readCsvFile('Name,Given Name,Family Name,E-mail 1 - Type,E-mail 1 - Value\r\n"Dupont, Marie",Marie,Dupont,* Home,m.dupont@orange.fr\r\n');
    assert.equal(google.rows[0].entry?.name, 'Marie Dupont');
    const generic = readCsvFile('Name,First Name,Last Name,Email\r\n"Dupont, Marie",Marie,Dupont,m@x.example\r\n');
    assert.equal(generic.rows[0].entry?.name, 'Marie Dupont');
  });
});

describe('a contact known only by a nickname is named by it (file probe: its name was null)', () => {
  it("vCard NICKNAME, Google's and Outlook's Nickname column; a real name wins", () => {
    assert.deepEqual(
      readVcardFile(
        vcf(
          'BEGIN:VCARD',
          'VERSION:3.0',
          'NICKNAME:Ace,Acey',
          'TEL:+1 703 555 0123',
          'END:VCARD',
          'BEGIN:VCARD',
          'VERSION:3.0',
          'FN:Ann Lee',
          'NICKNAME:Annie',
          'END:VCARD',
        ),
      ).cards.map((c) => c.entry?.name),
      ['Ace', 'Ann Lee'],
    );
    const google = readCsvFile(
      'First Name,Last Name,Nickname,E-mail 1 - Label,E-mail 1 - Value\r\n,,Bubba,Other,bubba1977@yahoo.com\r\nAnn,Lee,Annie,,ann@x.example\r\n',
    );
    assert.deepEqual(
      google.rows.map((r) => [r.entry?.name, r.entry?.nickname]),
      [
        ['Bubba', 'Bubba'],
        ['Ann Lee', 'Annie'],
      ],
    );
    const outlook = readCsvFile('First Name,Last Name,Nickname,E-mail Address,Mobile Phone\r\n,,Ace,,+1 703 555 0123\r\n');
    assert.equal(outlook.layout, 'outlook');
    assert.equal(outlook.rows[0].entry?.name, 'Ace');
    assert.equal(readCsvFile('Name,Nickname,Phone\r\n,Ace,+1 703 555 0123\r\n').rows[0].entry?.name, 'Ace');
  });

  it("Android's vCard 2.1 nickname (X-ANDROID-CUSTOM …/nickname) is read as NICKNAME (a probe: the card came back unnamed)", () => {
    const cards = readVcardFile(
      vcf(
        'BEGIN:VCARD',
        'VERSION:2.1',
        'N:;;;;',
        'TEL;CELL:+1 415 555 0601',
        'X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Bobby;1;;;;;;;;;;;;;',
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION:2.1',
        'N:Lee;Ann;;;',
        'X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Annie;1;;;;;;;;;;;;;',
        'TEL;CELL:+1 415 555 0602',
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION:2.1',
        'N:;;;;',
        'X-ANDROID-CUSTOM:vnd.android.cursor.item/relation;Bob;1;;;;;;;;;;;;;',
        'TEL;CELL:+1 415 555 0603',
        'END:VCARD',
      ),
    ).cards;
    assert.deepEqual(
      cards.map((c) => [c.entry?.name ?? null, c.entry?.nickname ?? null]),
      [
        ['Bobby', 'Bobby'],
        ['Ann Lee', 'Annie'],
        [null, null],
      ],
    );
  });

  it("Android's nickname is unescaped once, as NICKNAME is (a review: `R2\\\\nD2`, a backslash then n, read as `R2 D2`)", () => {
    const nicknames = (value: string) =>
      readVcardFile(
        vcf('BEGIN:VCARD', 'VERSION:2.1', 'N:;;;;', `X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;${value};1;;;;;;;;;;;;;`, 'END:VCARD'),
      ).cards.map((c) => c.entry?.nickname ?? null);
    assert.deepEqual(nicknames('R2\\\\nD2'), ['R2\\nD2']);
    assert.deepEqual(nicknames('Bob\\, Jr.'), ['Bob, Jr.']);
    assert.deepEqual(nicknames('Bob\\;by'), ['Bob;by']);
    // The same value as NICKNAME: one reading.
    assert.deepEqual(
      readVcardFile(vcf('BEGIN:VCARD', 'VERSION:3.0', 'N:;;;;', 'NICKNAME:R2\\\\nD2', 'END:VCARD')).cards.map((c) => c.entry?.nickname ?? null),
      ['R2\\nD2'],
    );
  });
});

describe('readVcardFile: a quoted-printable value ending in a stray "=" (file probe)', () => {
  it('a line that is clearly a new property ends the value and is read on its own, and the card is noted', () => {
    const r = readVcardFile(
      vcf(
        'BEGIN:VCARD',
        'VERSION:2.1',
        'N;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Bro=ZZken;QP=',
        'FN;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:QP Bro=ZZken',
        'TEL;CELL:+1 415 555 0131',
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION:2.1',
        'NOTE;ENCODING=QUOTED-PRINTABLE:a stray =',
        'item1.X-ABLabel:home',
        'EMAIL:ann@example.com',
        'END:VCARD',
      ),
    );
    assert.deepEqual(
      r.cards.map((c) => [c.entry, c.notes]),
      [
        [{ name: 'QP Bro=ZZken', phones: ['+1 415 555 0131'] }, ['stray_soft_break']],
        [{ emails: ['ann@example.com'] }, ['stray_soft_break']],
      ],
    );
  });

  it('must not change: a soft line break continues the value on a line that is no property', () => {
    const r = readVcardFile(
      vcf('BEGIN:VCARD', 'VERSION:2.1', 'FN;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:J=C3=BCrgen =', 'M=C3=BCller', 'TEL:+49 171 1234567', 'END:VCARD'),
    );
    assert.deepEqual(
      r.cards.map((c) => [c.entry?.name, c.notes]),
      [['Jürgen Müller', []]],
    );
  });
});

describe('readVcardFile: a name from N alone in Han, kana or Hangul is family name first (probe)', () => {
  const card = (...lines: string[]) => ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD', ''].join('\r\n');
  const namesOf = (input: string | Uint8Array) => readVcardFile(input).cards.map((c) => c.entry?.name);

  it('must fix: a Korean N, a Chinese N, a Shift_JIS vCard 2.1 N (a Japanese feature phone, no FN): family name first, a space between as the CSV reader writes it', () => {
    assert.deepEqual(namesOf(card('N:김;민준;;;', 'TEL:010-1234-5678')), ['김 민준']);
    assert.deepEqual(namesOf(card('N:王;小明;;;', 'TEL:138 0013 8000')), ['王 小明']);
    // N;CHARSET=SHIFT_JIS:山田;太郎 (山田 8E52 9363, 太郎 91BE 9859), as DoCoMo and au phones export it.
    const sjis = Buffer.concat([
      Buffer.from('BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=SHIFT_JIS:', 'latin1'),
      Buffer.from([0x8e, 0x52, 0x93, 0x63, 0x3b, 0x91, 0xbe, 0x98, 0x59]),
      Buffer.from('\r\nTEL;CELL:090-1234-5678\r\nEND:VCARD\r\n', 'latin1'),
    ]);
    assert.deepEqual(namesOf(sjis), ['山田 太郎']);
    // The CSV reader's order, from the same function (nameOfParts).
    assert.deepEqual(
      readCsvFile('姓,名,電話\n山田,太郎,090-1234-5678\n').rows.map((r) => r.entry?.name),
      ['山田 太郎'],
    );
  });

  it('must keep: a Western N is given name first; an FN is as written; a mixed-script N stays given first', () => {
    assert.deepEqual(namesOf(card('N:Lee;Ann;;;', 'TEL:+1 415 555 0100')), ['Ann Lee']);
    assert.deepEqual(namesOf(card('N:Lee;Ann;Marie;Dr.;', 'TEL:+1 415 555 0100')), ['Dr. Ann Marie Lee']);
    assert.deepEqual(namesOf(card('N:김;민준;;;', 'FN:Minjun Kim', 'TEL:010-1234-5678')), ['Minjun Kim']);
    assert.deepEqual(namesOf(card('N:山田;Taro;;;', 'TEL:090-1234-5678')), ['Taro 山田']);
  });
});

describe('readVcardFile: a company\'s own card has no name (docs/decisions.md "Company-only cards"; probe)', () => {
  const card = (version: string, ...lines: string[]) => ['BEGIN:VCARD', `VERSION:${version}`, ...lines, 'END:VCARD', ''].join('\r\n');
  const entriesOf = (text: string) => readVcardFile(text).cards.map((c) => c.entry);

  it('must fix: Apple (X-ABShowAs:COMPANY), Outlook 2.1 (N empty, FN the ORG) and vCard 4.0 KIND:org: the company, no name', () => {
    assert.deepEqual(
      entriesOf(card('3.0', 'N:;;;;', 'FN:Acme Plumbing', 'ORG:Acme Plumbing;', 'TEL;type=WORK;type=VOICE;type=pref:+1 (503) 555-0123', 'X-ABShowAs:COMPANY')),
      [{ phones: ['+1 (503) 555-0123'], company: 'Acme Plumbing' }],
    );
    assert.deepEqual(entriesOf(card('2.1', 'N:', 'FN:Acme Plumbing GmbH', 'ORG:Acme Plumbing GmbH', 'TEL;WORK;VOICE:+49 30 1234567')), [
      { phones: ['+49 30 1234567'], company: 'Acme Plumbing GmbH' },
    ]);
    // Compared trimmed and in any case.
    assert.deepEqual(entriesOf(card('2.1', 'N:;;;;', 'FN: ACME plumbing ', 'ORG:Acme Plumbing', 'EMAIL:info@acme.example')), [
      { emails: ['info@acme.example'], company: 'Acme Plumbing' },
    ]);
    assert.deepEqual(entriesOf(card('4.0', 'KIND:org', 'FN:Acme Plumbing', 'ORG:Acme Plumbing', 'TEL;VALUE=uri:tel:+1-503-555-0123')), [
      { phones: ['+1-503-555-0123'], company: 'Acme Plumbing' },
    ]);
    // KIND:org without ORG: its FN is the company.
    assert.deepEqual(entriesOf(card('4.0', 'KIND:organization', 'FN:Acme Plumbing', 'EMAIL:info@acme.example')), [
      { emails: ['info@acme.example'], company: 'Acme Plumbing' },
    ]);
  });

  it('must keep: a person with N and FN, a person whose FN is not the ORG (N empty), a person in N of a "show as company" card', () => {
    assert.deepEqual(entriesOf(card('3.0', 'N:Lee;Ann;;;', 'FN:Ann Lee', 'ORG:Acme;', 'TEL:+1 415 555 0100')), [
      { name: 'Ann Lee', phones: ['+1 415 555 0100'], company: 'Acme' },
    ]);
    assert.deepEqual(entriesOf(card('3.0', 'N:;;;;', 'FN:Ann Lee', 'ORG:Acme;', 'TEL:+1 415 555 0100')), [
      { name: 'Ann Lee', phones: ['+1 415 555 0100'], company: 'Acme' },
    ]);
    assert.deepEqual(entriesOf(card('3.0', 'FN:Ann Lee', 'ORG:Acme;', 'EMAIL:ann@acme.example')), [
      { name: 'Ann Lee', emails: ['ann@acme.example'], company: 'Acme' },
    ]);
    assert.deepEqual(
      entriesOf(card('3.0', 'N:Okafor;Chidi;;;', 'FN:Okafor Landscaping', 'ORG:Okafor Landscaping;', 'X-ABShowAs:COMPANY', 'TEL:+1 415 555 0111')),
      [{ name: 'Chidi Okafor', phones: ['+1 415 555 0111'], company: 'Okafor Landscaping' }],
    );
    // An ORG-only card had no name already.
    assert.deepEqual(entriesOf(card('3.0', 'ORG:Acme Plumbing;', 'TEL:+1 503 555 0123')), [{ phones: ['+1 503 555 0123'], company: 'Acme Plumbing' }]);
  });
});

describe('readVcardFile: a vCard 4.0 group card (KIND:group) is no person; its members given by address are (probe)', () => {
  const card = (...lines: string[]) => ['BEGIN:VCARD', 'VERSION:4.0', ...lines, 'END:VCARD', ''].join('\r\n');

  it('must fix: each MEMBER:mailto: and MEMBER:tel: is an entry of its own, after the cards; the group card is read as {}', () => {
    const text =
      card('FN:Ann Lee', 'EMAIL:ann@example.com') +
      card(
        'KIND:group',
        'FN:Book Club',
        'MEMBER:mailto:anna.book@example.com',
        'MEMBER:mailto:bert.book@example.com?subject=Hi',
        'MEMBER:tel:+1-415-555-0100',
        'MEMBER:urn:uuid:03a0e51f-d1aa-4385-8a53-e29025acd8af',
      ) +
      card('FN:Bo Chen', 'TEL:+1 415 555 0199');
    const file = readVcardFile(text);
    assert.deepEqual(
      file.cards.map((c) => c.entry?.name ?? null),
      ['Ann Lee', null, 'Bo Chen'],
    );
    assert.deepEqual(file.cards[1], {
      entry: null,
      read: {},
      notes: ['group'],
      members: [{ emails: ['anna.book@example.com'] }, { emails: ['bert.book@example.com'] }, { phones: ['+1-415-555-0100'] }],
    });
    assert.deepEqual(
      parseVcards(text).entries.map((e) => e.name ?? e.emails?.[0] ?? e.phones?.[0]),
      ['Ann Lee', 'Bo Chen', 'anna.book@example.com', 'bert.book@example.com', '+1-415-555-0100'],
    );
    assert.deepEqual(parseVcards(text).skipped, []);
  });

  it('must keep: a card without KIND:group is read as before (its MEMBER ignored); a group of urn:uuid members only gives none', () => {
    assert.deepEqual(
      readVcardFile(card('FN:Ann Lee', 'EMAIL:ann@example.com', 'MEMBER:mailto:x@example.com')).cards.map((c) => [c.entry, c.members]),
      [[{ name: 'Ann Lee', emails: ['ann@example.com'] }, undefined]],
    );
    assert.deepEqual(
      readVcardFile(card('KIND:group', 'FN:Family', 'MEMBER:urn:uuid:03a0e51f-d1aa-4385-8a53-e29025acd8af')).cards.map((c) => [c.entry, c.members]),
      [[null, []]],
    );
  });

  it("Apple's group card (X-ADDRESSBOOKSERVER-KIND:group, an iCloud or macOS export) is a group too; a person's card with an X-ADDRESSBOOKSERVER field is not", () => {
    const apple = (...lines: string[]) => ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD', ''].join('\r\n');
    const file = readVcardFile(
      apple('N:Ann;Lee;;;', 'FN:Ann Lee', 'EMAIL;type=INTERNET:ann@example.com', 'X-ADDRESSBOOKSERVER-KIND:individual') +
        apple('N:Family', 'FN:Family', 'X-ADDRESSBOOKSERVER-KIND:group', 'X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:03a0e51f-d1aa-4385-8a53-e29025acd8af'),
    );
    assert.deepEqual(
      file.cards.map((c) => [c.entry?.name ?? null, c.notes ?? []]),
      [
        ['Ann Lee', []],
        [null, ['group']],
      ],
    );
  });
});

describe('readVcardFile: vCard 4.0 numbers as URIs (a probe)', () => {
  const card = (...lines: string[]) => ['BEGIN:VCARD', 'VERSION:4.0', 'FN:Ann Lee', ...lines, 'END:VCARD', ''].join('\r\n');
  const reached = (text: string) => {
    const entry = readVcardFile(text).cards[0]!.entry!;
    const n = normalizeEntry(entry, { region: null, sourceKey: 's' });
    return { emails: n.emails.map((m) => m.key), phones: n.phones.map((p) => p.key) };
  };

  it('a local number with its RFC 3966 context is the full number', () => {
    assert.deepEqual(reached(card('TEL;VALUE=uri:tel:555-0123;phone-context=+1-415')), { emails: [], phones: ['p:+14155550123'] });
  });

  it("a SIP URI of a number is that number, no e-mail address, beside the card's own address", () => {
    assert.deepEqual(reached(card('TEL;VALUE=uri:sip:+14155550177@voip.example')), { emails: [], phones: ['p:+14155550177'] });
    assert.deepEqual(reached(card('EMAIL:ann@x.example', 'TEL:sip:+1 415 555 0177@voip.example')), { emails: ['ann@x.example'], phones: ['p:+14155550177'] });
  });
});

describe('vCards joined without a line break, or after text of their own (a probe: people lost and fused without a word)', () => {
  const card = (name: string, tel: string, email?: string) =>
    `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:${name}\r\n${email ? `EMAIL:${email}\r\n` : ''}TEL:${tel}\r\nEND:VCARD`;
  const people = (text: string, format?: 'vcard' | 'csv') =>
    readContactsFile(Buffer.from(text), format ? { format } : {}).entries.map((e) => [e.name, ...(e.emails ?? []), ...(e.phones ?? [])].join(' '));

  it('must read: single-card files each ending END:VCARD without a line break, joined (`cat *.vcf`), as their cards', () => {
    const joined = card('Ann Lee', '+1 415 555 0123') + card('Bob Roe', '+1 415 555 0124') + card('Cy Dunn', '+1 415 555 0125', 'cy.dunn@example.org');
    assert.deepEqual(people(joined), ['Ann Lee +1 415 555 0123', 'Bob Roe +1 415 555 0124', 'Cy Dunn cy.dunn@example.org +1 415 555 0125']);
    // vCard 2.1, LF lines, a byte-order mark at each joined file's start: the same.
    const v21 = (n: string, t: string) => `\uFEFFBEGIN:VCARD\nVERSION:2.1\nN:${n};;;\nTEL;CELL:${t}\nEND:VCARD`;
    assert.deepEqual(people(v21('Lee', '+1 415 555 0123') + v21('Roe', '+1 415 555 0124')), ['Lee +1 415 555 0123', 'Roe +1 415 555 0124']);
    assert.deepEqual(readContactsFile(Buffer.from(joined)).warnings, []);
  });

  it("must read: a vCard after text of its own (a mail attachment's headers, a title line, a stray VERSION) as a vCard, and say the text was not read", () => {
    const cards = `${card('Ann Lee', '+1 415 555 0123', 'ann@example.com')}\r\n${card('Bob Roe', '+1 415 555 0124')}\r\n`;
    for (const preamble of [
      'Content-Type: text/x-vcard; charset=utf-8; name="contacts.vcf"\r\nContent-Transfer-Encoding: 8bit\r\n\r\n',
      'Exported contacts\r\n',
      'VERSION:3.0\r\n',
    ]) {
      const file = readContactsFile(Buffer.from(preamble + cards));
      assert.equal(file.format, 'vcard');
      assert.deepEqual(people(preamble + cards), ['Ann Lee ann@example.com +1 415 555 0123', 'Bob Roe +1 415 555 0124']);
      assert.equal(file.warnings.length, 1);
      assert.match(file.warnings[0]!.message, /outside any card.*not read/);
      assert.equal(file.warnings[0]!.count, preamble.split('\r\n').filter((l) => l.trim()).length);
      // Declared a CSV, it is plainly a vCard: refused, naming it.
      assert.throws(() => readContactsFile(Buffer.from(preamble + cards), { format: 'csv' }), FormatContradicted);
    }
    // `BEGIN: VCARD` with a space is a vCard's first line too.
    assert.deepEqual(people(cards.replace(/BEGIN:VCARD/g, 'BEGIN: VCARD').replace(/END:VCARD/g, 'END: VCARD')), [
      'Ann Lee ann@example.com +1 415 555 0123',
      'Bob Roe +1 415 555 0124',
    ]);
  });

  it('must not read as a vCard: a CSV whose header comes first, though a cell holds a vCard', () => {
    const csv = `Name,Email,Notes\r\nAnn Lee,ann@example.com,"BEGIN:VCARD\r\nFN:Ann\r\nEND:VCARD"\r\nBob Roe,bob@example.com,\r\n`;
    const file = readContactsFile(Buffer.from(csv));
    assert.equal(file.format, 'csv');
    assert.deepEqual(people(csv), ['Ann Lee ann@example.com', 'Bob Roe bob@example.com']);
  });
});
