import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyRankOptions, noSignals, parseRankOptions } from '../../src/domain/options.ts';
import { possibleSecondRows } from '../../src/domain/second-rows.ts';
import type { Contact } from '../../src/domain/types.ts';
import { contact } from './rank-fixtures.ts';

function card(name: string | null, keys: { email?: string; phone?: string }, p: Partial<Contact> = {}): Contact {
  const emails = keys.email ? [{ display: keys.email, key: keys.email, domain: keys.email.split('@')[1]!, junk: null }] : [];
  const phones = keys.phone ? [{ display: keys.phone, key: `p:${keys.phone}` }] : [];
  const k = [...(keys.email ? [`e:${keys.email}`] : []), ...(keys.phone ? [`p:${keys.phone}`] : [])];
  return contact({ name, emails, phones, keys: k, ...p });
}

/** The names of the possible second rows of a list given in score order, each with the name of the row above it. */
function seconds(...rows: Contact[]): [string | null, string | null][] {
  const list = rows.map((contact) => ({ contact }));
  return [...possibleSecondRows(list)].map(([i, above]) => [rows[i]!.name, rows[above]!.name]);
}

const WROTE = { timesContacted: 4, lastSent: Date.UTC(2026, 5, 1) };

describe('possibleSecondRows: the same person on two cards that share nothing but the name', () => {
  it('a phone card under the mail card of the same name, however the name is written', () => {
    for (const [mail, phone] of [
      ['Felix Zimmermann', 'Felix Zimmermann'],
      ['Müller, Käthe', 'Käthe'],
      ['Balogun, Funmilayo', 'Funmilayo Balogun'],
      ['SEBASTIAN KRÜGER', 'Sebastian Kruger'],
      ['M. Öztürk', 'Maximilian Öztürk'],
      ['Ngozi Nwosu', 'Ngozi (school)'],
      ['Benjamin Taylor', 'Ben'],
      ['Franziska Schwarz', 'Franzi'],
    ]) {
      const got = seconds(
        card(mail, { email: 'x@example.com' }, WROTE),
        card('Zoe Park', { email: 'z@example.com' }),
        card(phone, { phone: '+4917012345678' }),
      );
      assert.deepEqual(got, [[phone, mail]], `${phone} under ${mail}`);
    }
  });

  it('the row above is the highest ranked one of a fitting name; the higher of a pair is never the second', () => {
    const got = seconds(
      card('Zoe Lee', { email: 'zoe@example.com' }),
      card('Ann Lee', { email: 'ann@example.com' }),
      card('Ann Lee', { phone: '+15125550199' }),
      card('Ann', { phone: '+15125550100' }),
    );
    assert.deepEqual(got, [
      ['Ann Lee', 'Ann Lee'],
      ['Ann', 'Ann Lee'],
    ]);
    // Two phone cards under one name (an old number kept): the lower one too.
    assert.deepEqual(seconds(card('Ann Lee', { phone: '+15125550199' }), card('Ann Lee', { phone: '+15125550100' })), [['Ann Lee', 'Ann Lee']]);
    assert.equal(possibleSecondRows([{ contact: card('Ann Lee', { email: 'a@x.com' }) }]).size, 0);
  });
});

describe('possibleSecondRows: must stay where they rank', () => {
  it('a row the owner wrote to (times contacted or a sent date): a namesake the owner deals with', () => {
    assert.deepEqual(seconds(card('John Smith', { email: 'js@acme.example' }), card('John Smith', { email: 'john@home.example' }, { timesContacted: 2 })), []);
    assert.deepEqual(
      seconds(card('John Smith', { email: 'js@acme.example' }), card('John Smith', { phone: '+15125550100' }, { lastSent: Date.UTC(2026, 0, 2) })),
      [],
    );
  });

  it("two rows with addresses: at one firm's domain, or under a given name alone, as often two people as one", () => {
    // Two `John Smith`s at one firm: the mail log tells them apart better than the name.
    assert.deepEqual(seconds(card('John Smith', { email: 'js@acme.example' }), card('John Smith', { email: 'john.smith@acme.example' })), []);
    // A given name alone with an address of its own: many people share it.
    assert.deepEqual(seconds(card('John Smith', { email: 'js@acme.example' }), card('John', { email: 'john@home.example', phone: '+15125550100' })), []);
    // Written to: a namesake the owner deals with keeps its place.
    assert.deepEqual(seconds(card('John Smith', { email: 'js@acme.example' }), card('John Smith', { email: 'john@home.example' }, WROTE)), []);
  });

  it("two rows with addresses at other domains under one full name: one person's two mailboxes, the lower one a second row", () => {
    // eval:top10: `Jennifer Walker` at yahoo.com and at gmail.com, `Gonçalo Silva` at work and at hotmail.com.
    assert.deepEqual(seconds(card('John Smith', { email: 'js@acme.example' }), card('John Smith', { email: 'john@home.example' })), [
      ['John Smith', 'John Smith'],
    ]);
    assert.deepEqual(seconds(card('Jennifer Walker', { email: 'jennifer60@yahoo.com' }), card('Jennifer Walker', { email: 'jenniferwalker@gmail.com' })), [
      ['Jennifer Walker', 'Jennifer Walker'],
    ]);
    // A review: a given name, a family name or an initial on either row is many people's; subdomains of one firm are one firm.
    assert.deepEqual(seconds(card('Mike', { email: 'mike@rossiplumbing.example' }, WROTE), card('Mike Johnson', { email: 'mjohnson@acme-corp.example' })), []);
    assert.deepEqual(seconds(card('Smith', { email: 'smith@a.example' }), card('John Smith', { email: 'john@b.example' })), []);
    assert.deepEqual(seconds(card('John Smith', { email: 'js@a.example' }), card('J. Smith', { email: 'j@b.example' })), []);
    assert.deepEqual(seconds(card('John Smith', { email: 'jsmith@us.ibm.com' }), card('John Smith', { email: 'john.smith@uk.ibm.com' })), []);
    // Two mailboxes at one webmail provider are no firm's.
    assert.deepEqual(seconds(card('Ann Lee', { email: 'ann.lee@gmail.com' }), card('Lee, Ann', { email: 'annlee77@gmail.com' })), [['Lee, Ann', 'Ann Lee']]);
  });

  it('different people: another family name, another given name, a relation label, no name, a placeholder', () => {
    const top = card('Ann Lee', { email: 'ann@example.com' }, WROTE);
    for (const name of ['Ann Park', 'Anna Lee-Park Kim', 'Bob Lee', 'Mom', null, '', 'Unknown', 'Ben Lee']) {
      assert.deepEqual(seconds(top, card(name, { phone: '+15125550100' })), [], String(name));
    }
  });

  it('names the merge reads as possibly two people: a generation on one only, a bracketed word, a short form of two names (a review)', () => {
    for (const [above, below] of [
      ['John Smith', 'John Smith Jr.'],
      ['John Smith Sr.', 'John Smith'],
      ['Mary (Taylor) Jones', 'Taylor Jones'],
      ['Alex Kim', 'Alexandra Kim'],
    ]) {
      assert.deepEqual(seconds(card(above, { email: 'x@example.com' }, WROTE), card(below, { phone: '+15125550100' })), [], `${below} under ${above}`);
    }
  });

  it('a name that could be either of two people: a short name above two fuller ones, a short name under two (a review)', () => {
    // `Lee` (a friend, starred) above the spouses `Ann Lee` and `Bob Lee`: both were pushed below strangers.
    const lee = { favorite: true };
    assert.deepEqual(
      seconds(
        card('Lee', { phone: '+15125550100' }, lee),
        card('Ann Lee', { phone: '+15125550101' }, lee),
        card('Bob Lee', { phone: '+15125550102' }, lee),
        card('Tom Fox', { phone: '+15125550103' }),
      ),
      [],
    );
    assert.deepEqual(
      seconds(card('John', { phone: '+15125550100' }), card('John Brown', { phone: '+15125550101' }), card('John Davis', { phone: '+15125550102' })),
      [],
    );
    assert.deepEqual(
      seconds(
        card('Christopher Walker', { email: 'cw@example.com' }, WROTE),
        card('Christopher Moore', { email: 'cm@example.com' }, WROTE),
        card('Christopher', { phone: '+15125550100' }),
      ),
      [],
    );
    // Nor an initial under two given names of one initial.
    assert.deepEqual(
      seconds(
        card('John Smith', { email: 'john@example.com' }, WROTE),
        card('Jane Smith', { email: 'jane@example.com' }, WROTE),
        card('J. Smith', { phone: '+15125550100' }),
      ),
      [],
    );
    // Two rows above that can be one person's (a short form and the full name) are no choice between two
    // people: the card under both is a second row (eval:top10: `Daniel Washington`'s phone card at #8).
    assert.deepEqual(
      seconds(
        card('Dan Washington', { email: 'daniel.washington69@yahoo.com' }, WROTE),
        card('Daniel Washington', { email: 'daniel_washington@gmail.com' }, WROTE),
        card('Daniel Washington', { phone: '+15124943343' }),
      ),
      [['Daniel Washington', 'Dan Washington']],
    );
    // One fuller name under a short one is still its second row.
    assert.deepEqual(seconds(card('Lee', { phone: '+15125550100' }), card('Ann Lee', { email: 'ann@example.com' })), [['Ann Lee', 'Lee']]);
  });

  it('bounded: a name of many words or characters is not compared (a review: a GET of such a book took 37 s)', () => {
    const long = 'Ana Maria Luisa Fernanda Garcia Lopez de la Vega';
    assert.deepEqual(seconds(card(long, { email: 'ana@example.com' }, WROTE), card(long, { phone: '+34612345678' })), []);
    const rows = Array.from({ length: 60_000 }, (_, i) => ({
      contact: card(i % 2 ? 'John Smith' : 'Maria Garcia', i % 3 ? { phone: `+1512555${String(i).padStart(4, '0')}` } : { email: `p${i}@example.com` }),
    }));
    const got = possibleSecondRows(rows);
    // The first rows of each name are read; the budget of comparisons ends the search further down.
    assert.ok(got.has(3) && got.size < rows.length - 2, String(got.size));
  });

  it('names in two scripts that no romanisation compares are never taken for one', () => {
    assert.deepEqual(seconds(card('Taro Yamada', { email: 'taro@example.jp' }), card('山田 太郎', { phone: '+819012345678' })), []);
    assert.deepEqual(seconds(card('Kim Minjun', { email: 'minjun@example.kr' }), card('김민준', { phone: '+821012345678' })), []);
  });
});

describe('possibleSecondRows: one person in two scripts, read letter by letter as the merge reads them', () => {
  it("a phone card in Cyrillic or Greek under the mail card of the name's romanisation, and the other way round", () => {
    // A probe: Gmail keeps the Latin From: name, a Russian, Greek, Ukrainian or Bulgarian phone the native one.
    for (const [mail, phone] of [
      ['Ivan Petrov', 'Иван Петров'],
      ['Olga Smirnova', 'Ольга Смирнова'],
      ['Nikos Papadopoulos', 'Νίκος Παπαδόπουλος'],
      ['Oleksandr Shevchenko', 'Олександр Шевченко'],
      ['Serhiy Bondarenko', 'Сергій Бондаренко'],
      ['Petar Petrov', 'Петър Петров'],
      ['Dmitriy Orlov', 'Дмитрий Орлов'],
      ['Julia Schtschukina', 'Юлия Щукина'],
      ['Petrov, Ivan', 'Иван Петров'],
      ['Иван Петров', 'Ivan Petrov'],
      ['Ελένη Γεωργίου', 'Eleni Georgiou'],
    ]) {
      const got = seconds(
        card(mail, { email: 'x@gmail.com' }, WROTE),
        card('Zoe Park', { email: 'z@example.com' }),
        card(phone, { phone: '+79161234567' }, { favorite: true }),
      );
      assert.deepEqual(got, [[phone, mail]], `${phone} under ${mail}`);
    }
    // Under the mail card and the phone card of one person, one in each script, a third card is a second row too.
    assert.deepEqual(
      seconds(
        card('Ivan Petrov', { email: 'ivan.petrov@gmail.com' }, WROTE),
        card('Иван Петров', { phone: '+79161234567' }),
        card('Иван Петров', { phone: '+79161234500' }),
      ),
      [
        ['Иван Петров', 'Ivan Petrov'],
        ['Иван Петров', 'Ivan Petrov'],
      ],
    );
    // Two mail cards at two providers, one in each script: one person's other mailbox, as in one script.
    assert.deepEqual(seconds(card('Olga Smirnova', { email: 'olga.smirnova@gmail.com' }), card('Ольга Смирнова', { email: 'olga77@yandex.ru' })), [
      ['Ольга Смирнова', 'Olga Smirnova'],
    ]);
  });

  it('another family name, a family name of the other sex, another given name, a name that fits only loosely: two people', () => {
    for (const [above, below] of [
      ['Ivan Petrov', 'Иван Петренко'],
      ['Ivan Petrov', 'Иван Петрова'],
      ['Ivan Petrov', 'Иван Сидоров'],
      ['Ivan Petrov', 'Игорь Петров'],
      ['Olga Petrova', 'Олег Петров'],
      ['Alexandra Volkova', 'Александр Волков'],
      ['Evgeniy Orlov', 'Евгения Орлова'],
      ['Maria Petrova', 'Марина Петрова'],
      ['Nikos Papadopoulos', 'Νίκη Παπαδοπούλου'],
      ['Elena Georgiou', 'Ελένη Γεωργίου'],
      // A generation on one name only, a short form (`Sasha`), a name romanised otherwise than letter by
      // letter (`Alexander`, `Georgios` for `Γιώργος`): loose, as the merge reads them.
      ['Ivan Petrov Jr', 'Иван Петров'],
      ['Sasha Ivanov', 'Александр Иванов'],
      ['Alexander Volkov', 'Александр Волков'],
      ['Georgios Pappas', 'Γιώργος Παππάς'],
    ]) {
      assert.deepEqual(seconds(card(above, { email: 'x@gmail.com' }, WROTE), card(below, { phone: '+79161234567' })), [], `${below} under ${above}`);
      assert.deepEqual(seconds(card(below, { email: 'x@gmail.com' }, WROTE), card(above, { phone: '+79161234567' })), [], `${above} under ${below}`);
    }
  });

  it('a given name alone in the other script: never under a full name, nor under one of two people in either script', () => {
    // The merge reads `Иван` beside `Ivan Petrov` loosely (a word for two): not a second row, however many Ivans are above.
    assert.deepEqual(seconds(card('Ivan Petrov', { email: 'ivan@gmail.com' }, WROTE), card('Иван', { phone: '+79161234567' })), []);
    assert.deepEqual(
      seconds(
        card('Ivan Petrov', { email: 'ivan.petrov@gmail.com' }, WROTE),
        card('Ivan Sidorov', { email: 'ivan.sidorov@gmail.com' }, WROTE),
        card('Иван', { phone: '+79161234567' }),
      ),
      [],
    );
    // `Иван` under `Иван Петров` alone is his second row; with `Ivan Sidorov` above too, it could be either man.
    assert.deepEqual(seconds(card('Иван Петров', { phone: '+79161234500' }), card('Иван', { phone: '+79161234567' })), [['Иван', 'Иван Петров']]);
    assert.deepEqual(
      seconds(
        card('Ivan Sidorov', { email: 'ivan.sidorov@gmail.com' }, WROTE),
        card('Иван Петров', { phone: '+79161234500' }),
        card('Иван', { phone: '+79161234567' }),
      ),
      [],
    );
    assert.deepEqual(
      seconds(
        card('Ivan Sidorov', { email: 'ivan.sidorov@gmail.com' }, WROTE),
        card('Ivan Petrov', { phone: '+79161234500' }),
        card('Ivan', { phone: '+79161234567' }),
      ),
      [],
    );
    // The same man above in both scripts is no choice: `Иван` is his second row.
    assert.deepEqual(
      seconds(
        card('Ivan Petrov', { email: 'ivan.petrov@gmail.com' }, WROTE),
        card('Иван Петров', { phone: '+79161234500' }),
        card('Иван', { phone: '+79161234567' }),
      ),
      [
        ['Иван Петров', 'Ivan Petrov'],
        ['Иван', 'Иван Петров'],
      ],
    );
    // One word beside one word, romanised letter by letter, is one name as `Ivan` beside `Ivan` is.
    assert.deepEqual(seconds(card('Ivan', { email: 'ivan@gmail.com' }, WROTE), card('Иван', { phone: '+79161234567' })), [['Иван', 'Ivan']]);
  });

  it('every other rule holds across scripts: the owner wrote to it, one firm, a given name with an address, one shared number', () => {
    const top = card('Ivan Petrov', { email: 'ivan.petrov@acme.example' }, WROTE);
    assert.deepEqual(seconds(top, card('Иван Петров', { phone: '+79161234567' }, { timesContacted: 2 })), []);
    assert.deepEqual(seconds(top, card('Иван Петров', { phone: '+79161234567' }, { lastSent: Date.UTC(2026, 0, 2) })), []);
    assert.deepEqual(seconds(top, card('Иван Петров', { email: 'i.petrov@acme.example' })), []);
    assert.deepEqual(seconds(card('Ivan', { email: 'ivan@gmail.com' }, WROTE), card('Иван', { email: 'ivan@yandex.ru' })), []);
    // Two of a family on one landline, each with a mobile: the merge read this very pair and kept them apart.
    const home = '+74951234567';
    const father = contact({
      name: 'Ivan Petrov',
      phones: [
        { display: home, key: `p:${home}` },
        { display: '+79161234500', key: 'p:+79161234500' },
      ],
    });
    const son = contact({
      name: 'Иван Петров',
      phones: [
        { display: home, key: `p:${home}` },
        { display: '+79161234567', key: 'p:+79161234567' },
      ],
    });
    assert.deepEqual(seconds(father, son), []);
  });

  it('bounded: the highest 16 rows of the other script and as many words above a row, a bound on the words read', () => {
    const above = (n: number) => Array.from({ length: n }, (_, i) => card(`Anna Kuznetsova${'x'.repeat(i + 1)}`, { email: `a${i}@gmail.com` }, WROTE));
    const native = card('Иван Петров', { phone: '+79161234567' });
    const mail = card('Ivan Petrov', { email: 'ivan.petrov@gmail.com' }, WROTE);
    assert.deepEqual(seconds(...above(15), mail, native), [['Иван Петров', 'Ivan Petrov']]);
    // Beyond, the row stays where it ranks (it is far from the top: sixteen full names in Latin are above it).
    assert.deepEqual(seconds(...above(16), mail, native), []);
    // A book of thousands of names in both scripts, none the same person's, ends its reading quickly.
    const rows = Array.from({ length: 4000 }, (_, i) => ({
      contact: card(i % 2 ? `Ivan Petrov${'x'.repeat(i % 40)}` : `Иван Петров${'ъ'.repeat(i % 40)}`, { phone: `+7916${String(i).padStart(7, '0')}` }),
    }));
    const t = performance.now();
    possibleSecondRows(rows);
    assert.ok(performance.now() - t < 2_000, `${performance.now() - t} ms`);
  });
});

describe('applyRankOptions: possible second rows go after the other rows', () => {
  const rows = () => {
    const list = [
      { contact: card('Felix Zimmermann', { email: 'felix@web.example' }, WROTE), score: 6 },
      { contact: card('Felix Zimmermann', { phone: '+491700343284' }), score: 4 },
      { contact: card('Ann Lee', { email: 'ann@example.com' }), score: 3 },
      { contact: card('Bo Chen', { email: 'bo@example.com' }), score: 1 },
      { contact: card('Müller, Käthe', { email: 'kaethe@gmx.example' }), score: 0.5 },
      { contact: card('Käthe', { phone: '+4915266368841' }), score: 0.25 },
    ];
    return list.map((r) => ({ ...r, explain: { bias: 0, frequency: r.score } }));
  };

  it('in their own score order, shifted below the lowest other row; the others keep their scores; explain adds up', () => {
    const opts = parseRankOptions({ explain: 1 });
    const { rows: out } = applyRankOptions(rows(), opts, noSignals(), []);
    assert.deepEqual(
      out.map((r) => [r.contact.name, r.finalScore]),
      [
        ['Felix Zimmermann', 6],
        ['Ann Lee', 3],
        ['Bo Chen', 1],
        ['Müller, Käthe', 0.5],
        // ceil(4 - 0.5 + 1): the highest second row one point below the lowest other row, or less
        ['Felix Zimmermann', 4 - 5],
        ['Käthe', 0.25 - 5],
      ],
    );
    assert.deepEqual(
      out.map((r) => r.rank),
      [1, 2, 3, 4, 5, 6],
    );
    for (const r of out) {
      const parts = Object.values(r.explain!).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(parts - r.finalScore) < 1e-9, `${r.contact.name}: ${parts} != ${r.finalScore}`);
    }
    assert.equal(out[4]!.explain!.possible_duplicate, -5);
    assert.equal(out[0]!.explain!.possible_duplicate, undefined);
  });

  it('the limit takes the first rows of that order; a filter still leaves a second row out', () => {
    const { rows: top } = applyRankOptions(rows(), parseRankOptions({ limit: 4 }), noSignals(), []);
    assert.deepEqual(
      top.map((r) => r.contact.name),
      ['Felix Zimmermann', 'Ann Lee', 'Bo Chen', 'Müller, Käthe'],
    );
    const signals = { ...noSignals(), invitedKeys: new Map([['p:+491700343284', 1]]) } as ReturnType<typeof noSignals>;
    const { rows: out } = applyRankOptions(rows(), parseRankOptions({ filter_invites_sent: 1 }), signals, []);
    assert.deepEqual(
      out.map((r) => r.contact.name),
      ['Felix Zimmermann', 'Ann Lee', 'Bo Chen', 'Müller, Käthe', 'Käthe'],
    );
  });

  it('a second row of a person already suggested is suggested already: it goes with the seen rows (a review)', () => {
    const seen = { ...noSignals(), seenKeys: new Map([['e:felix@web.example', 1]]) } as ReturnType<typeof noSignals>;
    const { rows: out } = applyRankOptions(rows(), parseRankOptions({ filter_suggested_seen: 1 }), seen, []);
    assert.deepEqual(
      out.map((r) => [r.contact.name, r.contact.phones.length > 0]),
      [
        ['Ann Lee', false],
        ['Bo Chen', false],
        ['Müller, Käthe', false],
        ['Käthe', true],
        ['Felix Zimmermann', false],
        ['Felix Zimmermann', true],
      ],
    );
    for (let i = 1; i < out.length; i++) assert.ok(out[i - 1]!.finalScore > out[i]!.finalScore, JSON.stringify(out.map((r) => r.finalScore)));
  });

  it('already below every other row: no shift, explain naming it a possible duplicate at 0; promotions still lift their groups over them', () => {
    const list = [
      { contact: card('Felix Zimmermann', { email: 'felix@web.example' }, WROTE), score: 6, explain: { bias: 0, frequency: 6 } },
      { contact: card('Ann Lee', { email: 'ann@acme.example' }), score: 3, explain: { bias: 0, frequency: 3 } },
      { contact: card('Felix', { phone: '+491700343284' }), score: 1, explain: { bias: 0, frequency: 1 } },
    ];
    const { rows: plain } = applyRankOptions(list, parseRankOptions({ explain: 1 }), noSignals(), []);
    assert.deepEqual(
      plain.map((r) => [r.contact.name, r.finalScore, r.explain!.possible_duplicate]),
      [
        ['Felix Zimmermann', 6, undefined],
        ['Ann Lee', 3, undefined],
        ['Felix', 1, 0], // read as a possible second row, no shift needed (was not said: an HTTP probe)
      ],
    );
    const { rows: promoted } = applyRankOptions(list, parseRankOptions({ explain: 1, promote_matching_domain: 'acme.example' }), noSignals(), []);
    assert.deepEqual(
      promoted.map((r) => r.contact.name),
      ['Ann Lee', 'Felix Zimmermann', 'Felix'],
    );
    for (let i = 1; i < promoted.length; i++) assert.ok(promoted[i - 1]!.finalScore > promoted[i]!.finalScore);
  });
});

describe('applyRankOptions: native-script phone cards under their Latin mail cards (a probe)', () => {
  it('go after the other rows; a starred one ranked above its mail card stays, and the mail card the owner wrote to too', () => {
    const list = [
      { contact: card('Иван Петров', { phone: '+79161234567' }, { favorite: true }), score: 2.56 },
      { contact: card('Ivan Petrov', { email: 'ivan.petrov@gmail.com' }, { timesContacted: 8 }), score: 2.3 },
      { contact: card('Nikos Papadopoulos', { email: 'nikos.p@gmail.com' }, { timesContacted: 4 }), score: 1.71 },
      { contact: card('Olga Smirnova', { email: 'olga.smirnova@yandex.ru' }, { timesContacted: 2 }), score: 1.2 },
      { contact: card('Νίκος Παπαδόπουλος', { phone: '+306941234567' }), score: 1.06 },
      { contact: card('Ольга Смирнова', { phone: '+79162223344' }), score: 1.05 },
      { contact: card('Anna Kuznetsova', { phone: '+79163334455' }), score: 1.04 },
      { contact: card('Ivan Petrov', { phone: '+79161234500' }), score: 0.06 },
    ].map((r) => ({ ...r, explain: { bias: 0, frequency: r.score } }));
    const { rows: out } = applyRankOptions(list, parseRankOptions({ explain: 1 }), noSignals(), []);
    assert.deepEqual(
      out.map((r) => [r.contact.name, r.explain!.possible_duplicate !== undefined]),
      [
        ['Иван Петров', false],
        ['Ivan Petrov', false],
        ['Nikos Papadopoulos', false],
        ['Olga Smirnova', false],
        ['Anna Kuznetsova', false],
        ['Νίκος Παπαδόπουλος', true],
        ['Ольга Смирнова', true],
        ['Ivan Petrov', true],
      ],
    );
    for (let i = 1; i < out.length; i++) assert.ok(out[i - 1]!.finalScore > out[i]!.finalScore);
  });
});

describe('applyRankOptions: cards kept that read as a sender go after the people of their group', () => {
  it('a shop the owner replied to ranks below every person, with `sender` in explain; explain adds up; promotions still lead', () => {
    const list = [
      { contact: card('Hearth Shop', { email: 'pedidos@hearth.example' }, { ...WROTE, sender: true }), score: 5 },
      { contact: card('Ann Lee', { email: 'ann@example.com' }), score: 3 },
      { contact: card('Felix Zimmermann', { email: 'felix@web.example' }, WROTE), score: 2 },
      { contact: card('Felix Zimmermann', { phone: '+491700343284' }), score: 1 },
      { contact: card('Bo Chen', { email: 'bo@acme.example' }), score: 0.5 },
    ].map((r) => ({ ...r, explain: { bias: 0, frequency: r.score } }));
    const { rows: out } = applyRankOptions(list, parseRankOptions({ explain: 1 }), noSignals(), []);
    assert.deepEqual(
      out.map((r) => [r.contact.name, r.finalScore]),
      [
        ['Ann Lee', 3],
        ['Felix Zimmermann', 2],
        ['Bo Chen', 0.5],
        // ceil(5 - 0.5 + 1) below: the sender and the second row, in their own score order
        ['Hearth Shop', 5 - 6],
        ['Felix Zimmermann', 1 - 6],
      ],
    );
    assert.equal(out[3]!.explain!.sender, -6);
    assert.equal(out[3]!.explain!.possible_duplicate, undefined);
    assert.equal(out[4]!.explain!.possible_duplicate, -6);
    for (const r of out) {
      const parts = Object.values(r.explain!).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(parts - r.finalScore) < 1e-9, `${r.contact.name}: ${parts} != ${r.finalScore}`);
    }
    // A promoted sender (the owner's own domain asked for) leads the people of the other groups, after those of its own.
    const { rows: promoted } = applyRankOptions(list, parseRankOptions({ promote_matching_domain: 'hearth.example' }), noSignals(), []);
    assert.equal(promoted[0]!.contact.name, 'Hearth Shop');
  });
});

describe('possibleSecondRows: one relation label on two rows (the fifty-fifth session)', () => {
  it('`Mom` with her mobile under `Mom` with her address is a second row; `Dad` under `Mom`, or written to, is not', () => {
    assert.deepEqual(
      seconds(card('Mom', { email: 'linda@example.com' }, WROTE), card('Ann Lee', { email: 'a@x.com' }), card('Mom', { phone: '+16505550142' })),
      [['Mom', 'Mom']],
    );
    // Another spelling of the same label (`Mum`, `Мама`) is the same mother.
    assert.deepEqual(seconds(card('Mum', { email: 'linda@example.com' }, WROTE), card('Мама', { phone: '+16505550142' })), [['Мама', 'Mum']]);
    assert.deepEqual(seconds(card('Mom', { email: 'linda@example.com' }, WROTE), card('Dad', { phone: '+16505550142' })), []);
    assert.deepEqual(seconds(card('Mom', { email: 'linda@example.com' }, WROTE), card('Mom', { phone: '+16505550142' }, WROTE)), []);
    // A label with a name (`Mom Linda`) is compared as names are, not as a bare label.
    assert.deepEqual(seconds(card('Mom', { email: 'linda@example.com' }, WROTE), card('Ann', { phone: '+16505550142' })), []);
  });
});
