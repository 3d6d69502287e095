/**
 * Files that are not UTF-8 as a whole: each CSV line and each vCard property is read as UTF-8 when its
 * bytes are, else in the file's legacy charset, so one stray byte (or two exports joined, or a fold
 * inside a character) does not garble the rest of the file; a file that is windows-1252 throughout reads
 * as one. The legacy charset is windows-1252 unless the bytes clearly say windows-1251, windows-1253,
 * Shift_JIS, EUC-KR, GBK, Big5, Mac Roman or windows-1250; a windows-1252 file is never switched.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCsvFile } from '../../src/readers/csv.ts';
import { decodeFileText, readVcardFile } from '../../src/readers/vcard.ts';
import { readContactsFile } from '../../src/readers/contacts-file.ts';

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
    // The same after a UTF-8 byte-order mark, with UTF-8 declared or not (a probe: the mark made the whole
    // file decode at once, the character garbled and the file blamed as decoded wrongly).
    const marked = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), file]);
    assert.deepEqual(namesOf(marked), ['Zoë Ångström-Müller', 'José Núñez']);
    assert.deepEqual(namesOf(marked, 'utf-8'), ['Zoë Ångström-Müller', 'José Núñez']);
    const read = readContactsFile(marked, { format: 'vcard', charset: 'utf-8' });
    assert.deepEqual(read.warnings, []);
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

/**
 * Bytes of `text` in a legacy charset (which Buffer cannot write): ASCII as is, every other character
 * by `table` (its bytes in hex, or a function giving its one byte), checked against TextDecoder.
 */
function legacyBytes(text: string, charset: string, table: Record<string, string> | ((c: string) => number)): Buffer {
  const bytes = Buffer.concat(
    Array.from(text, (c) => {
      if (c.charCodeAt(0) < 0x80) return Buffer.from(c, 'latin1');
      if (typeof table === 'function') return Buffer.of(table(c));
      const hex = table[c];
      assert.ok(hex !== undefined, `no bytes for ${c}`);
      return Buffer.from(hex, 'hex');
    }),
  );
  assert.equal(new TextDecoder(charset).decode(bytes), text, `fixture in ${charset}`);
  return bytes;
}
/** Windows-1251: А–я are 0xC0–0xFF. */
const cp1251 = (c: string) => c.charCodeAt(0) - 0x410 + 0xc0;
/** Windows-1253: ΐ–ώ (U+0390–U+03CE) are 0xC0–0xFE, Έ Ή Ί 0xB8–0xBA. */
const cp1253 = (c: string) => c.charCodeAt(0) - 0x2d0;
const CP1250: Record<string, string> = { ę: 'ea', ł: 'b3', Ł: 'a3', ó: 'f3', Ś: '8c', ą: 'b9', ż: 'bf', ń: 'f1', ř: 'f8', í: 'ed', á: 'e1' };
const EUC_KR: Record<string, string> = { 김: 'b1e8', 민: 'b9ce', 준: 'c1d8', 이: 'c0cc', 서: 'bcad', 연: 'bfac' };
const GBK: Record<string, string> = { 王: 'cdf5', 小: 'd0a1', 明: 'c3f7', 张: 'd5c5', 伟: 'ceb0', 肖: 'd0a4', 思: 'cbbc' };
const BIG5: Record<string, string> = { 陳: 'b3af', 大: 'a46a', 文: 'a4e5', 林: 'aa4c', 志: 'a7d3', 玲: 'acc2' };
const SHIFT_JIS: Record<string, string> = {
  名: '96bc',
  姓: '90a9',
  電: '9364',
  子: '8e71',
  メ: '8381',
  ー: '815b',
  ル: '838b',
  ア: '8341',
  ド: '8368',
  レ: '838c',
  ス: '8358',
  携: '8c67',
  帯: '91d1',
  話: '9862',
  太: '91be',
  郎: '9859',
  山: '8e52',
  田: '9363',
  佐: '8db2',
  藤: '93a1',
  花: '89d4',
  '\u3000': '8140',
};
const namesOfCsv = (bytes: Uint8Array) => csvOf(bytes).map((r) => r.entry?.name);

describe('a file that is not UTF-8 and declares no charset: its legacy charset is chosen from its bytes', () => {
  it('Polish windows-1250: ł Ł ą ż are symbols in windows-1252 (`Pawe³ £ukasiewicz`)', () => {
    const file = legacyBytes(
      'Imię,Nazwisko,E-mail,Telefon komórkowy\r\nPaweł,Łukasiewicz,pawel@example.pl,+48 601 234 567\r\nZofia,Wójcik-Śliwa,zofia@example.pl,\r\n',
      'windows-1250',
      CP1250,
    );
    assert.deepEqual(namesOfCsv(file), ['Paweł Łukasiewicz', 'Zofia Wójcik-Śliwa']);
    const card = legacyBytes(vcf('BEGIN:VCARD', 'VERSION:2.1', 'N:Bąk;Małgorzata', 'FN:Małgorzata Bąk', 'END:VCARD'), 'windows-1250', CP1250);
    const r = readVcardFile(card);
    assert.equal(r.charset, 'windows-1250');
    assert.deepEqual(
      r.cards.map((c) => c.entry?.name),
      ['Małgorzata Bąk'],
    );
  });

  it('Russian windows-1251: names under an English header, and a vCard 2.1 without CHARSET', () => {
    const file = legacyBytes('Name,Email,Phone\r\nИван Петров,ivan@example.ru,+7 916 123 45 67\r\nОльга Смирнова,olga@example.ru,\r\n', 'windows-1251', cp1251);
    assert.deepEqual(namesOfCsv(file), ['Иван Петров', 'Ольга Смирнова']);
    const card = legacyBytes(
      vcf('BEGIN:VCARD', 'VERSION:2.1', 'N:Петров;Иван', 'FN:Иван Петров', 'TEL;CELL:+7 916 000 11 22', 'END:VCARD'),
      'windows-1251',
      cp1251,
    );
    const r = readVcardFile(card);
    assert.equal(r.charset, 'windows-1251');
    assert.deepEqual(
      r.cards.map((c) => c.entry),
      [{ name: 'Иван Петров', phones: ['+7 916 000 11 22'] }],
    );
  });

  it('Greek windows-1253: ς (0xF2) ends its words, where windows-1251 has т anywhere', () => {
    const file = legacyBytes('Name,Email\r\nΓιώργος Παπαδόπουλος,giorgos@example.gr\r\nΜαρία Κωνσταντίνου,maria@example.gr\r\n', 'windows-1253', cp1253);
    assert.deepEqual(namesOfCsv(file), ['Γιώργος Παπαδόπουλος', 'Μαρία Κωνσταντίνου']);
  });

  it('Korean EUC-KR, Chinese GBK and Big5', () => {
    assert.deepEqual(namesOfCsv(legacyBytes('Name,Email\r\n김민준,minjun@example.kr\r\n이서연,seoyeon@example.kr\r\n', 'euc-kr', EUC_KR)), [
      '김민준',
      '이서연',
    ]);
    assert.deepEqual(namesOfCsv(legacyBytes('Name,Email,Phone\r\n王小明,xm@example.cn,+86 138 0013 8000\r\n张伟,zw@example.cn,\r\n', 'gbk', GBK)), [
      '王小明',
      '张伟',
    ]);
    assert.deepEqual(namesOfCsv(legacyBytes('Name,Email\r\n陳大文,dw@example.tw\r\n林志玲,zl@example.tw\r\n', 'big5', BIG5)), ['陳大文', '林志玲']);
  });

  it('a GBK line that happens to be valid UTF-8 ("肖思" D0 A4 CB BC is UTF-8 `Ф˼`) is read as GBK', () => {
    const file = legacyBytes('Name,Email\r\n王小明,xm@example.cn\r\n肖思,xs@example.cn\r\n张伟,zw@example.cn\r\n', 'gbk', GBK);
    assert.deepEqual(namesOfCsv(file), ['王小明', '肖思', '张伟']);
    const cards = legacyBytes(vcf('BEGIN:VCARD', 'VERSION:3.0', 'FN:王小明', 'END:VCARD', 'BEGIN:VCARD', 'VERSION:3.0', 'FN:肖思', 'END:VCARD'), 'gbk', GBK);
    assert.deepEqual(namesOf(cards), ['王小明', '肖思']);
  });

  it("Japanese Outlook's Shift_JIS CSV (its header named no column), and a vCard of kanji only", () => {
    const file = legacyBytes('名,姓,電子メール\u3000アドレス,携帯電話\r\n太郎,山田,taro@example.jp,090-1234-5678\r\n', 'shift_jis', SHIFT_JIS);
    assert.deepEqual(
      csvOf(file).map((r) => r.entry),
      [{ name: '山田 太郎', emails: ['taro@example.jp'], phones: ['090-1234-5678'] }],
    );
    const cards = legacyBytes(
      vcf('BEGIN:VCARD', 'VERSION:2.1', 'N:山田;太郎', 'FN:山田 太郎', 'END:VCARD', 'BEGIN:VCARD', 'VERSION:2.1', 'FN:佐藤 花子', 'END:VCARD'),
      'shift_jis',
      SHIFT_JIS,
    );
    const r = readVcardFile(cards);
    assert.equal(r.charset, 'shift_jis');
    assert.deepEqual(
      r.cards.map((c) => c.entry?.name),
      ['山田 太郎', '佐藤 花子'],
    );
  });

  it("must not change: a property's own CHARSET and a declared charset win; a vCard's CHARSET values do not count", () => {
    // Shift_JIS cards that name their charset beside windows-1251 ones that do not.
    const file = Buffer.concat([
      legacyBytes(vcf('BEGIN:VCARD', 'VERSION:2.1', 'FN;CHARSET=SHIFT_JIS:山田 花子', 'END:VCARD'), 'shift_jis', SHIFT_JIS),
      legacyBytes(
        vcf('BEGIN:VCARD', 'VERSION:2.1', 'FN:Иван Петров', 'END:VCARD', 'BEGIN:VCARD', 'VERSION:3.0', 'FN:Ольга Смирнова', 'END:VCARD'),
        'windows-1251',
        cp1251,
      ),
    ]);
    assert.deepEqual(namesOf(file), ['山田 花子', 'Иван Петров', 'Ольга Смирнова']);
    const russian = legacyBytes('Name,Email\r\nИван Петров,ivan@example.ru\r\nОльга Смирнова,olga@example.ru\r\n', 'windows-1251', cp1251);
    assert.deepEqual(
      csvOf(russian, 'windows-1252').map((r) => r.entry?.name),
      ['Èâàí Ïåòðîâ', 'Îëüãà Ñìèðíîâà'],
    );
  });
});

describe('must not change: windows-1252 files are never switched', () => {
  const western = [
    ['French', 'Hélène Lefèvre', 'François Dupré', 'Noël Château', 'Benoît Cœur'],
    ['German', 'Jürgen Müller', 'Günther Weiß', 'Jörg Schröder', 'Änne Straße'],
    ['Spanish', 'José Peña', 'Íñigo Muñoz', 'María Núñez', '¿Qué tal? ¡Hola!'],
    ['Icelandic', 'Þór Guðrún Sigurður', 'Ævar Þórsson', 'Sigríður Ýr'],
    ['Danish', 'Søren Ærø', 'Åse Østergaard', 'Bjørn Løkke'],
    ['Dutch', 'Anaïs Geërts', 'Chloë van Brügge', 'Sean O’Brien'],
    ['symbols', 'Smith – Jones', '« Jean »', 'Nº 5 Mª José', '100 m³', 'Café • Bar'],
  ];
  const cp1252 = (s: string) =>
    Buffer.from(
      s.replace(/[–’•œ]/g, (c) => ({ '–': '\x96', '’': '\x92', '•': '\x95', œ: '\x9c' })[c] ?? c),
      'latin1',
    );

  it('French, German, Spanish, Icelandic, Danish, Dutch: the whole file, each name alone, in a CSV and a vCard', () => {
    for (const [language, ...names] of western) {
      for (const group of [names, ...names.map((n) => [n])]) {
        const text = `Name,Email\r\n${group.map((n, i) => `${n},p${i}@example.com\r\n`).join('')}`;
        assert.equal(decodeFileText(cp1252(text)), text, `${language}: ${group.join(', ')}`);
        const cards = group.map((n) => vcf('BEGIN:VCARD', 'VERSION:2.1', `FN:${n}`, `NOTE:${n}`, 'END:VCARD')).join('');
        const r = readVcardFile(cp1252(cards));
        assert.equal(r.charset, 'windows-1252', `${language}: ${group.join(', ')}`);
        assert.deepEqual(
          r.cards.map((c) => c.entry?.name),
          group,
          language,
        );
      }
    }
  });

  it('Mac Roman, and UTF-8 lines joined to windows-1252 ones, read as before', () => {
    assert.deepEqual(namesOfCsv(latin1('Name,Email\rJ\x9Frgen M\x9Fller,jm@example.de\rFran\x8Dois,fr@example.fr\r')), ['Jürgen Müller', 'François']);
    const mixed = Buffer.concat([
      utf8('Name,Email\nŁukasz Nowak,lukasz@example.pl\nΓιώργος,g@example.gr\n'),
      latin1('H\xe9l\xe8ne Lef\xe8vre,h@example.fr\nS\xf8ren \xc6r\xf8,s@example.dk\n'),
    ]);
    assert.deepEqual(namesOfCsv(mixed), ['Łukasz Nowak', 'Γιώργος', 'Hélène Lefèvre', 'Søren Ærø']);
  });
});
