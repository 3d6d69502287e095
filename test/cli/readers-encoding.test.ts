/**
 * Files that are not UTF-8 as a whole: each CSV line and each vCard property is read as UTF-8 when its
 * bytes are, else as windows-1252, so one stray byte (or two exports joined, or a fold inside a
 * character) does not garble the rest of the file; a file that is windows-1252 throughout reads as one.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCsvFile } from '../../src/readers/csv.ts';
import { decodeFileText, readVcardFile } from '../../src/readers/vcard.ts';

const utf8 = (s: string) => Buffer.from(s, 'utf8');
const latin1 = (s: string) => Buffer.from(s, 'latin1');
const csvOf = (bytes: Uint8Array, charset?: string) => readCsvFile(decodeFileText(bytes, charset)).rows;
const vcf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const namesOf = (bytes: Uint8Array, charset?: string) => readVcardFile(bytes, { charset }).cards.map((c) => c.entry?.name ?? null);

describe('decodeFileText: a CSV that is not UTF-8 as a whole is read line by line', () => {
  it('one stray windows-1252 byte garbles no other line', () => {
    const file = Buffer.concat([
      utf8('Name,Email,Phone,Notes\nJürgen Müller,juergen@example.de,+49 151 23456789,\nZoë Adams,zoe@example.com,,\n'),
      latin1('Ann Lee,ann@example.com,,caf\xe9\n'),
    ]);
    assert.equal(
      decodeFileText(file),
      'Name,Email,Phone,Notes\nJürgen Müller,juergen@example.de,+49 151 23456789,\nZoë Adams,zoe@example.com,,\nAnn Lee,ann@example.com,,café\n',
    );
    assert.deepEqual(
      csvOf(file).map((r) => [r.entry?.name, r.notes]),
      [
        ['Jürgen Müller', []],
        ['Zoë Adams', []],
        ['Ann Lee', []],
      ],
    );
  });

  it('each line in its own: UTF-8 rows and windows-1252 rows (two exports joined), CRLF or CR line ends', () => {
    for (const eol of ['\r\n', '\r']) {
      const file = Buffer.concat([utf8(`Name,Email${eol}Zoë Ångström,zoe@example.com${eol}`), latin1(`Fran\xe7ois \x8cuvre,francois@example.fr${eol}`)]);
      assert.deepEqual(
        csvOf(file).map((r) => r.entry?.name),
        ['Zoë Ångström', 'François Œuvre'],
        JSON.stringify(eol),
      );
    }
  });

  it('must not change: a file that is windows-1252 throughout reads as windows-1252 (0x80–0x9F included)', () => {
    const file = latin1('Name,Email,Company\nJ\xfcrgen M\xfcller,j@example.de,Caf\xe9 \x80\nSean O\x92Brien,sean@example.ie,\x8aKODA\n');
    assert.deepEqual(
      csvOf(file).map((r) => r.entry),
      [
        { name: 'Jürgen Müller', emails: ['j@example.de'], company: 'Café €' },
        { name: 'Sean O’Brien', emails: ['sean@example.ie'], company: 'ŠKODA' },
      ],
    );
  });

  it('must not change: a declared charset wins; a declared UTF-8 the bytes are not is read line by line', () => {
    const file = Buffer.concat([utf8('Name,Email\nZoë,zoe@example.com\n'), latin1('Ren\xe9e,renee@example.com\n')]);
    assert.deepEqual(
      csvOf(file, 'windows-1252').map((r) => r.entry?.name),
      ['ZoÃ«', 'Renée'],
    );
    assert.deepEqual(
      csvOf(file, 'utf-8').map((r) => r.entry?.name),
      ['Zoë', 'Renée'],
    );
  });

  it('must not change: U+FFFD in a UTF-8 line of such a file is still noted', () => {
    const file = Buffer.concat([utf8('Name,Email\nJ\uFFFDrgen,j@example.com\n'), latin1('Ren\xe9e,renee@example.com\n')]);
    assert.deepEqual(
      csvOf(file).map((r) => [r.entry?.name, r.notes]),
      [
        ['J\uFFFDrgen', ['undecodable']],
        ['Renée', []],
      ],
    );
  });
});

describe('readVcardFile: a file that is not UTF-8 as a whole is read property by property', () => {
  const card = (...lines: string[]) => vcf('BEGIN:VCARD', 'VERSION:2.1', ...lines, 'END:VCARD');

  it('two exports joined: a UTF-8 card, then a windows-1252 one', () => {
    const file = Buffer.concat([utf8(card('FN:Jürgen Müller', 'ORG:Zoë & Co')), latin1(card('FN:Jos\xe9 N\xfa\xf1ez', 'ORG:Caf\xe9 \x80'))]);
    const r = readVcardFile(file);
    assert.equal(r.charset, 'windows-1252');
    assert.deepEqual(
      r.cards.map((c) => [c.entry, c.notes]),
      [
        [{ name: 'Jürgen Müller', company: 'Zoë & Co' }, []],
        [{ name: 'José Núñez', company: 'Café €' }, []],
      ],
    );
  });

  it('a line folded inside a UTF-8 character is unfolded to it (RFC 6350 §3.2), and garbles no other card', () => {
    const file = Buffer.concat([
      utf8('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zoë Ångstr'),
      Buffer.from([0xc3, 0x0d, 0x0a, 0x20, 0xb6]),
      utf8('m-Müller\r\nEND:VCARD\r\n'),
      utf8(vcf('BEGIN:VCARD', 'VERSION:3.0', 'FN:José Núñez', 'END:VCARD')),
    ]);
    assert.deepEqual(namesOf(file), ['Zoë Ångström-Müller', 'José Núñez']);
  });

  it('must not change: a CHARSET parameter and a declared charset win over the guess', () => {
    const file = Buffer.concat([latin1(card('FN:J\xfcrgen')), utf8(card('FN;CHARSET=ISO-8859-1:Zoë')), latin1(card('FN;CHARSET=ISO-8859-2:\xa3ukasz'))]);
    assert.deepEqual(namesOf(file), ['Jürgen', 'ZoÃ«', 'Łukasz']);
    const joined = Buffer.concat([utf8(card('FN:Zoë')), latin1(card('FN:J\xfcrgen'))]);
    assert.deepEqual(namesOf(joined, 'windows-1252'), ['ZoÃ«', 'Jürgen']);
    assert.deepEqual(namesOf(joined, 'utf-8'), ['Zoë', 'Jürgen']);
  });

  it('must not change: a file that is windows-1252 throughout reads as windows-1252', () => {
    const r = readVcardFile(
      latin1(card('FN:J\xfcrgen M\xfcller', 'ORG:Caf\xe9 \x80 Co') + card('FN:\x8aimon O\x92Brien', 'NOTE;ENCODING=QUOTED-PRINTABLE:caf=E9')),
    );
    assert.equal(r.charset, 'windows-1252');
    assert.deepEqual(
      r.cards.map((c) => c.entry),
      [{ name: 'Jürgen Müller', company: 'Café € Co' }, { name: 'Šimon O’Brien' }],
    );
  });

  it('must not change: U+FFFD in a UTF-8 card of such a file is still noted', () => {
    const r = readVcardFile(Buffer.concat([utf8(card('FN:J\uFFFDrgen')), latin1(card('FN:Ren\xe9e'))]));
    assert.deepEqual(
      r.cards.map((c) => [c.entry?.name, c.notes]),
      [
        ['J\uFFFDrgen', ['undecodable']],
        ['Renée', []],
      ],
    );
  });
});

describe('decodeFileText: a Mac Roman file (Excel for Mac\'s "Comma Separated Values")', () => {
  // Mac Roman: ü = 0x9F, ç = 0x8D, è = 0x8F, é = 0x8E, ö = 0x9A, ß = 0xA7; CR line ends, as Excel for Mac writes.
  const mac = latin1(
    'First Name,Last Name,Email,Phone\rJ\x9Frgen,M\x9Fller,jm@example.de,+49 171 2345678\rFran\x8Dois,Lef\x8Fvre,fl@example.fr,+33 6 12 34 56 78\r',
  );

  it('is read as Mac Roman when its accented bytes are letters there and no windows-1252 letter fits', () => {
    assert.deepEqual(
      csvOf(mac).map((r) => r.entry?.name),
      ['Jürgen Müller', 'François Lefèvre'],
    );
    // Without a byte windows-1252 leaves undefined: two letters that fit only as Mac Roman.
    assert.deepEqual(
      csvOf(latin1('Name;E-Mail\nJ\x9Frgen Gro\xA7;jg@example.de\nRen\x8Ee Kr\x9Ager;rk@example.de\n')).map((r) => r.entry?.name),
      ['Jürgen Groß', 'Renée Kröger'],
    );
  });

  it('must not change: windows-1252 files stay windows-1252 (ü ä ö à, an apostrophe, one dash between words); a declared charset wins', () => {
    assert.deepEqual(
      csvOf(latin1('Name,Email\nJ\xFCrgen M\xFCller,jm@example.de\nZo\xEB O\x92Brien,zo@example.com\n')).map((r) => r.entry?.name),
      ['Jürgen Müller', 'Zoë O’Brien'],
    );
    assert.deepEqual(
      csvOf(latin1('Name,Email\nAnn Smith\x96Jones,ann@example.com\nNo\xEBl Dupont,nd@example.fr\n')).map((r) => r.entry?.name),
      ['Ann Smith–Jones', 'Noël Dupont'],
    );
    assert.deepEqual(
      csvOf(latin1('Name,Email\nJ\x9Frgen M\x9Fller,jm@example.de\n'), 'windows-1252').map((r) => r.entry?.name),
      ['JŸrgen MŸller'],
    );
  });
});

describe('decodeFileText: Mac Roman is decided by the lines read as the legacy charset only (review F8)', () => {
  it('UTF-8 lines (Ł, Å, Ö, É: bytes that are Mac Roman letters) do not turn the windows-1252 lines of a mixed file into Mac Roman', () => {
    // The UTF-8 bytes of "Łukasz" (C5 81: 0x81 is undefined in windows-1252) and "Åsa Öberg" voted Mac
    // Roman, and "Jörg Schröder" (windows-1252) came back "Jˆrg Schrˆder", a second row beside his own.
    for (const utf8Line of ['Łukasz Nowak,lukasz@x.example,+48 601 234 567\n', 'Åsa Öberg,asa@x.example,\nÉmile Zola,emile@x.example,\n']) {
      const file = Buffer.concat([
        utf8(`Name,Email,Phone\n${utf8Line}`),
        latin1('J\xf6rg Schr\xf6der,,+49 170 2223334\nBj\xf6rn K\xf6hler,bjoern@y.example,\n'),
      ]);
      const names = csvOf(file).map((r) => r.entry?.name);
      assert.deepEqual(names.slice(-2), ['Jörg Schröder', 'Björn Köhler'], utf8Line);
      assert.deepEqual(
        names.slice(0, -2),
        [...utf8Line.matchAll(/^[^,]+/gm)].map((m) => m[0]),
        utf8Line,
      );
    }
  });

  it('must not change: a Mac Roman file joined to UTF-8 lines is still read as Mac Roman', () => {
    const file = Buffer.concat([
      utf8('Name,Email\nZoë Ångström,zoe@example.com\n'),
      latin1('J\x9Frgen M\x9Fller,jm@example.de\nFran\x8Dois Lef\x8Fvre,fl@example.fr\n'),
    ]);
    assert.deepEqual(
      csvOf(file).map((r) => r.entry?.name),
      ['Zoë Ångström', 'Jürgen Müller', 'François Lefèvre'],
    );
  });
});
