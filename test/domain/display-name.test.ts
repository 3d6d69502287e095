import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decodeEncodedWords, formulaName, mayTidy, mojibakeRead, notesCommonName, tidyName, unMojibake } from '../../src/domain/display-name.ts';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry, ownerOf } from '../../src/domain/normalize.ts';

describe('tidyName: a name field written as mail software writes a sender', () => {
  it('reads the name such a field carries', () => {
    const cases: [string, string][] = [
      ['"Dasovich, Jeff" <jeff.dasovich@enron.com>', 'Dasovich, Jeff'],
      ['Ann Lee <ann@x.org>', 'Ann Lee'],
      ["'Ann Lee' <ann@x.org>", 'Ann Lee'],
      ['Ward, Kim </O=ENRON/OU=NA/CN=RECIPIENTS/CN=KWARD>', 'Ward, Kim'],
      ['"Ann Lee"', 'Ann Lee'],
      ["'Jeff Dasovich'", 'Jeff Dasovich'],
      ["'Jeff O'Brien'", "Jeff O'Brien"],
      ['"\\"Ann\\" Lee"', '"Ann" Lee'],
      ['Jeff Dasovich/NA/Enron@Enron', 'Jeff Dasovich'],
      ['Kim Ward/HOU/ECT@ECT', 'Kim Ward'],
      ['CN=Kim Ward/OU=HOU/O=ECT@ECT', 'Kim Ward'],
      ['cn=Kim Ward/o=ECT', 'Kim Ward'],
      ['=?utf-8?Q?Ren=C3=A9e_Dupont?=', 'Renée Dupont'],
      ['=?UTF-8?B?UmVuw6llIER1cG9udA==?=', 'Renée Dupont'],
      ['=?iso-8859-1?B?Sm9y52UgTvpuZXo=?=', 'Jorçe Núnez'],
      ['=?windows-1252?Q?Fran=E7ois?= Martin', 'François Martin'],
      ['=?UTF-8?B?5bGx55SwIOWkqumDjg==?=', '山田 太郎'],
      ['=?utf-8?q?Ann?= =?utf-8?q?_Lee?=', 'Ann Lee'],
      ['=?utf-8*en?q?Ann_Lee?=', 'Ann Lee'],
      ['"=?utf-8?Q?Dupont=2C_Ren=C3=A9e?=" <renee@x.fr>', 'Dupont, Renée'],
      // Typographic quotes, as phones and word processors type them.
      ['“Ann Lee”', 'Ann Lee'],
      ['‘Ann Lee’', 'Ann Lee'],
      ['„Ann Lee“', 'Ann Lee'],
      ['«Ann Lee»', 'Ann Lee'],
      ['「山田太郎」', '山田太郎'],
      ['“Lee, Ann” <ann@x.com>', 'Lee, Ann'],
      // HTML's character references, as an export or a web page leaves them.
      ['Sean O&#39;Brien', "Sean O'Brien"],
      ['Ann &amp; Bob Lee', 'Ann & Bob Lee'],
      ['Ann Lee &lt;ann@x.com&gt;', 'Ann Lee'],
      ['&quot;Lee, Ann&quot;', 'Lee, Ann'],
    ];
    for (const [given, want] of cases) assert.equal(tidyName(given), want, given);
  });

  it('leaves every other name as it is (the look-alikes)', () => {
    for (const name of [
      '“Ann” and “Bob”',
      'AT&T',
      'Ann & Bob',
      '«Ann',
      'AC/DC',
      'Ann/Bob Smith',
      'Mr. & Mrs. Smith/Home',
      'Sales/Marketing Team@Acme',
      '1/2 price@deals',
      'ann@x.com/work',
      'Bob <Work>',
      'Ann <3',
      '<ann@x.com>',
      "O'Brien",
      "'Sup",
      '"Bob" Smith',
      '"Ann" and "Bob"',
      "'Ann' and 'Bob'",
      '""',
      'Lee, Ann (Marketing)',
      '=?x-unknown?Q?abc?=',
      '=?utf-8?Q?=FF?=',
      '=?utf-8?B?not*base64?=',
      '=?UTF-8?B?TWFYAWFUYSBTB3V6YQ==?=', // base64 re-cased: decodes to control characters
      'E=mc2?',
      'Ann Lee',
    ]) {
      assert.equal(tidyName(name), name, name);
    }
  });

  const unit = fc.constantFrom(...'aZé /<>@="\'?_=QqBb-.,:;ł中'.split(''));
  it('never throws, never empties a name, and changes only what mayTidy lets through', () => {
    fc.assert(
      fc.property(fc.string({ unit, minLength: 1, maxLength: 40 }), (v) => {
        const t = tidyName(v);
        assert.ok(t.length > 0, JSON.stringify(v));
        if (!mayTidy(v)) assert.equal(t, v);
      }),
      { numRuns: 20_000, seed: 3 },
    );
  });

  const word = fc.stringMatching(/^[A-Za-zéüłçñßØ中山田]{1,8}$/);
  const personName = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
  it('reads back any name written in each of the forms', () => {
    fc.assert(
      fc.property(personName, fc.constantFrom('B', 'Q'), (name, enc) => {
        const bytes = new TextEncoder().encode(name);
        const text =
          enc === 'B'
            ? btoa(String.fromCharCode(...bytes))
            : [...bytes].map((b) => (b === 0x20 ? '_' : `=${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
        assert.equal(decodeEncodedWords(`=?utf-8?${enc}?${text}?=`), name);
        assert.equal(tidyName(`=?UTF-8?${enc}?${text}?=`), name);
        assert.equal(tidyName(`"${name}" <someone@x.org>`), name);
        assert.equal(tidyName(`${name}/Unit/Org@Domain`), name);
        assert.equal(tidyName(`CN=${name}/OU=Unit/O=Org`), name);
      }),
      { numRuns: 2_000, seed: 5 },
    );
  });
});

describe('formulaName: a spreadsheet formula saved in the name column', () => {
  const ctx = { region: 'US' as const, sourceKey: 'csv:-' };
  it("is no name; HYPERLINK's label is the name", () => {
    assert.equal(formulaName('=HYPERLINK("http://x","Ann")'), 'Ann');
    assert.equal(formulaName('=HYPERLINK("mailto:f@x.example";"Fay ""Fi"" Orr")'), 'Fay "Fi" Orr');
    assert.equal(formulaName('=hyperlink( "http://x" , "Bo Chen" )'), 'Bo Chen');
    for (const f of [
      '=HYPERLINK("http://x")',
      '=HYPERLINK("http://x","")',
      "=cmd|' /C calc'!A0",
      '+SUM(1,2)',
      '-IF(A1,1)',
      '@SUM(1+1)',
      '=DDE("cmd";"/C calc";"x")',
    ]) {
      assert.equal(formulaName(f), null, f);
    }
    assert.equal(normalizeEntry({ name: '=HYPERLINK("http://x","Ann Lee")', emails: ['ann@x.example'] }, ctx).name, 'Ann Lee');
    const none = normalizeEntry({ name: "=cmd|' /C calc'!A0", emails: ['bo@x.example'] }, ctx);
    assert.equal(none.name, null);
    assert.deepEqual(
      none.emails.map((m) => m.display),
      ['bo@x.example'],
    );
  });
  it('must keep: names that merely start with such a sign', () => {
    for (const name of ['-Anna', '@Ann (work)', '+Ann Lee', '=Ann', 'Ann Lee', '@ann_lee', 'O(Brien)']) {
      assert.equal(formulaName(name), undefined, name);
      assert.equal(normalizeEntry({ name, emails: ['ann@x.example'] }, ctx).name, name, name);
    }
  });
});

describe('notesCommonName', () => {
  it('reads the common name of a Notes hierarchical name, and nothing else', () => {
    assert.equal(notesCommonName('Jeff Dasovich/NA/Enron@Enron'), 'Jeff Dasovich');
    assert.equal(notesCommonName('CN=Kim Ward/OU=HOU/O=ECT'), 'Kim Ward');
    assert.equal(notesCommonName('cn=Kim Ward/ou=HOU/o=ECT@ECT'), 'Kim Ward');
    for (const s of ['AC/DC', 'Ann/Bob Smith', 'ann@x.org', 'Sales/Marketing Team@Acme', '1/2@3', '/O=ENRON/OU=NA/CN=RECIPIENTS/CN=KWARD']) {
      assert.equal(notesCommonName(s), null, s);
    }
  });
});

describe('cleaned entries carry the tidy name', () => {
  const ctx = { region: 'US' as const, sourceKey: 'gmail:-' };
  it('on the name field, beside an address or without one, and on the owner', () => {
    assert.equal(normalizeEntry({ name: '"Lee, Ann" <ann@x.org>', emails: ['ann@x.org'] }, ctx).name, 'Lee, Ann');
    assert.equal(normalizeEntry({ name: '  =?utf-8?Q?Ren=C3=A9e?=   Dupont ', phones: ['+14155550123'] }, ctx).name, 'Renée Dupont');
    // The address written in the name is still the entry's when it has no other (and the name is its display name).
    const only = normalizeEntry({ name: '"Lee, Ann" <ann@x.org>' }, ctx);
    assert.equal(only.name, 'Lee, Ann');
    assert.deepEqual(
      only.emails.map((e) => e.key),
      ['ann@x.org'],
    );
    // A display name taken from a wrapped address, when the entry has no name.
    assert.equal(normalizeEntry({ emails: ['=?utf-8?Q?Ren=C3=A9e_Dupont?= <renee@x.fr>'] }, ctx).name, 'Renée Dupont');
    // An entry whose only address is a Notes name (no Internet address): kept on its evidence, named.
    const notes = normalizeEntry({ emails: ['Jeff Dasovich/NA/Enron@Enron'], times_contacted: 3 }, ctx);
    assert.equal(notes.name, 'Jeff Dasovich');
    assert.equal(notes.emails[0]?.junk, 'invalid');
    assert.equal(normalizeEntry({ email: 'IMCEANOTES-Jeff+20Dasovich+2FNA+2FEnron+40ENRON@ENRON.com' }, ctx).name, 'Jeff Dasovich');
    assert.deepEqual(ownerOf([{ type: 'gmail', email: 'me@x.org', name: 'Jeff Dasovich/NA/Enron@Enron' }], 'US').names, ['Jeff Dasovich']);
  });
});

describe('tidyName: a vCard name pasted whole into the name field', () => {
  it('reads FN:, N: and the structured value alone as the name; other colons and semicolons stay', () => {
    for (const [raw, name] of [
      ['FN:Ann Lee', 'Ann Lee'],
      ['item1.FN:Ann Lee', 'Ann Lee'],
      ['FN;CHARSET=UTF-8:Zoë Müller', 'Zoë Müller'],
      ['N:Lee;Ann;;;', 'Ann Lee'],
      ['Lee;Ann;;;', 'Ann Lee'],
      ['N:Lee;Ann;Marie;Dr.;Jr.', 'Dr. Ann Marie Lee Jr.'],
      ['Ann;Lee', 'Ann;Lee'],
      ['Note: call after 5', 'Note: call after 5'],
      ['N:;;;;', 'N:;;;;'],
    ]) {
      assert.equal(tidyName(raw), name, raw);
      assert.equal(mayTidy(raw), true, raw);
    }
  });
  it('one person on her mobile: FN: and N: cards no longer veto each other and her own', () => {
    const cards = ['Ann Lee', 'FN:Ann Lee', 'N:Lee;Ann;;;', 'Lee;Ann;;;'].map((name) =>
      normalizeEntry({ name, phones: ['+1 415 555 0601'] }, { region: 'US', sourceKey: 'ios:-' }),
    );
    assert.deepEqual(
      cards.map((c) => c.name),
      ['Ann Lee', 'Ann Lee', 'Ann Lee', 'Ann Lee'],
    );
  });
});

it('mojibake (UTF-8 read as Windows-1252 or Latin-1) is read back; a name that only looks so stays as written (a probe: shown as sent)', () => {
  for (const [written, name] of [
    ['ZoÃ« MÃ¼ller', 'Zoë Müller'],
    ['JosÃ© GarcÃ­a', 'José García'],
    ['Ð˜Ð²Ð°Ð½ ÐŸÐµÑ‚Ñ€Ð¾Ð²', 'Иван Петров'],
    ['Ã‰lodie Durand', 'Élodie Durand'],
    ['æ—¥æœ¬ å¤ªéƒŽ', '日本 太郎'],
  ] as const) {
    assert.equal(tidyName(written), name, written);
    assert.equal(normalizeEntry({ name: written, email: 'z@friends.example' }, { region: null, sourceKey: 's' }).name, name, written);
  }
  for (const name of ['SÃO PAULO', 'Zoë Müller', 'Ann Lee', 'Â Lee', 'Voß–Meier', 'STRAUß’', 'ANDRÉ´S']) assert.equal(tidyName(name), name, name);
});

describe('mojibake with a no-break space (the byte 0xA0) and read as Latin-1 (a review)', () => {
  const CP1252_80_9F =
    '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
  const utf8 = (name: string) => Array.from(new TextEncoder().encode(name));
  /** `name`'s UTF-8 read as Windows-1252 (Node's TextDecoder reads 'windows-1252' as Latin-1). */
  const asCp1252 = (name: string) =>
    utf8(name)
      .map((b) => (b >= 0x80 && b < 0xa0 ? CP1252_80_9F[b - 0x80]! : String.fromCharCode(b)))
      .join('');
  /** `name`'s UTF-8 read as ISO-8859-1: the bytes 0x80-0x9F are the controls U+0080-U+009F. */
  const asLatin1 = (name: string) =>
    utf8(name)
      .map((b) => String.fromCharCode(b))
      .join('');
  const ctx = { region: null, sourceKey: 's' };
  const shown = (name: string) => normalizeEntry({ name, email: 'z@friends.example' }, ctx).name;
  /** The ways a no-break space reaches the service: kept, made a space by a tool, then spaces joined and trimmed. */
  const spacings = [
    ['no-break space', (s: string) => s],
    ['space', (s: string) => s.replace(/\u00a0/g, ' ')],
    [
      'spaces joined',
      (s: string) =>
        s
          .replace(/\u00a0/g, ' ')
          .replace(/ +/g, ' ')
          .trim(),
    ],
  ] as const;
  const repaired = [
    'Роман Новиков',
    'Παπαδόπουλος',
    'Lucà Bianchi',
    'Luca Lucà',
    'Niccolò Papà',
    'נועה כהן',
    'Šimon Novák',
    'Šimon Novak',
    'Anna Ġużeppi',
    'Иван Р. Петров',
    'Иван Петров',
    'Наталья Смирнова',
    'Łukasz Wójcik',
    'Muñoz Ñúñez',
    'José García',
    '山田 太郎',
  ];

  it('must repair: Р, Π, à, נ, Š (a lead byte and 0xA0) whether the no-break space survived, became a space, or was joined and trimmed', () => {
    assert.equal(
      shown(
        '\u00d0\u00a0\u00d0\u00be\u00d0\u00bc\u00d0\u00b0\u00d0\u00bd \u00d0\u009d\u00d0\u00be\u00d0\u00b2\u00d0\u00b8\u00d0\u00ba\u00d0\u00be\u00d0\u00b2',
      ),
      'Роман Новиков',
    );
    for (const name of repaired) {
      for (const [code, read] of [
        ['cp1252', asCp1252],
        ['latin-1', asLatin1],
      ] as const) {
        for (const [how, spaced] of spacings) {
          const written = spaced(read(name));
          assert.equal(shown(written), name, `${code}, ${how}: ${JSON.stringify(written)}`);
          assert.equal(tidyName(written.replace(/\s+/g, ' ').trim()), name, `tidyName ${code}, ${how}: ${JSON.stringify(written)}`);
        }
      }
    }
  });

  it('must repair: a Latin-1 reading (C1 controls for the bytes 0x80-0x9F), as unMojibake reads Windows-1252', () => {
    for (const name of ['Иван', 'Наталья', 'Ñ', 'Łukasz', 'Ÿvonne', 'Œdipe', 'Ž', '日本 太郎', 'Zoë Müller']) {
      assert.equal(unMojibake(asLatin1(name)), name, JSON.stringify(asLatin1(name)));
      assert.equal(unMojibake(asCp1252(name)), name, JSON.stringify(asCp1252(name)));
    }
    // A control in what is read back is still no name; a control that is no UTF-8 byte is no mojibake.
    assert.equal(unMojibake('\u00c2\u0085Ann'), null);
    assert.equal(unMojibake('Ann\u0085Lee'), null);
  });

  it('must keep as written: names with Ã, Ð, Â, Å, Ä, ×, Ø before a space or at the end that are no mojibake', () => {
    for (const name of [
      'Lucà Bianchi',
      'SÃO PAULO',
      'IRMÃ ANA',
      'MAÇÃ VERDE',
      'Ã Lee',
      'Lars Å Nilsson',
      'ÅSA Å',
      'Anna Ä Berg',
      'Ann × Bob',
      '3 × 4',
      'Ðorđe Đukić',
      'ÐORĐE ĐUKIĆ',
      'Ðóra Guðrún',
      'SIGURÐ',
      'Ð Lee',
      'Î Lee',
      'Ângela Âu',
      'Â Lee',
      'Nguyễn Văn Â',
      'Lê Ô Lan',
      'Ô Lan',
      'Ø Lee',
      'Jens Ø',
      'René Æ',
      'Çağla Ç Yılmaz',
      'È il capo',
      'Ç lee',
      'João Ã Silva',
      'Zoë Müller',
      'José',
      'Strauß',
    ]) {
      assert.equal(shown(name), name, name);
      assert.equal(tidyName(name), name, name);
      assert.equal(mojibakeRead(name), name, name);
    }
  });

  it('end to end: a repaired name joins the card written correctly (mergeEntries), one contact named as written', () => {
    for (const name of ['Роман Новиков', 'Παπαδόπουλος', 'Lucà Bianchi', 'נועה כהן', 'Наталья Смирнова']) {
      for (const read of [asCp1252, asLatin1]) {
        for (const [how, spaced] of spacings) {
          const written = spaced(read(name));
          const entries = [
            normalizeEntry({ name, phones: ['+1 415 555 0601'] }, { region: 'US', sourceKey: 'ios:a' }),
            normalizeEntry({ name: written, phones: ['+1 415 555 0601'] }, { region: 'US', sourceKey: 'csv:b' }),
          ];
          const contacts = mergeEntries(entries);
          assert.equal(contacts.length, 1, `${how}: ${JSON.stringify(written)}`);
          assert.equal(contacts[0]!.name, name, `${how}: ${JSON.stringify(written)}`);
        }
      }
    }
  });
});

it("HTML5's named character references in a name are read (a probe: `Zo&euml; Lee` shown as sent); a bare '&' and an unknown name stay", () => {
  for (const [written, name] of [
    ['Zo&euml; Lee', 'Zoë Lee'],
    ['&Eacute;lodie Durand', 'Élodie Durand'],
    ['Fran&ccedil;ois M&uuml;ller', 'François Müller'],
    ['Sean O&#39;Brien', "Sean O'Brien"],
  ] as const) {
    assert.equal(normalizeEntry({ name: written, email: 'z@friends.example' }, { region: null, sourceKey: 's' }).name, name, written);
  }
  for (const name of ['AT&T Support', 'Ann &bogus; Lee', 'Ann &copy Lee']) {
    assert.equal(normalizeEntry({ name, email: 'z@friends.example' }, { region: null, sourceKey: 's' }).name, name, name);
  }
});
