/**
 * Two names of one family on a mailbox are two people (the fifty-fifth session, docs/cleaning.md "One
 * mailbox under labels that are no form of the name"): a card holding only the family address under a full
 * name (`Dee Moss`), beside a card with the address and more (`Ray Moss` with his mobile) or another such
 * card, stays a row of its own. Before, it joined the other card (the mailbox rule's copy): a probe's Dee,
 * written to twenty times, vanished into Ray's row, whose invite went to his mobile. Beside each must-keep-
 * apart case stands its must-merge look-alike: a short form, a maiden name, a label, someone's relation.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { Contact, EntryInput } from '../../src/domain/types.ts';

const GMAIL = { region: 'US' as const, sourceKey: 'gmail:me@gmail.com' };
const PHONE = { region: 'US' as const, sourceKey: 'ios:+14155550999' };
const WROTE = { times_contacted: 20, last_message_sent_date: '2026-10-21T10:00:00Z' };
const FAMILY = 'mossfamily@comcast.net';

/** Each row as `name [addresses | numbers]`, in the merge's order, for every order of the cards. */
function rows(cards: [EntryInput, typeof GMAIL][]): string[][] {
  const out: string[][] = [];
  for (const order of [cards, [...cards].reverse()]) {
    const cs: Contact[] = mergeEntries(order.map(([e, ctx]) => normalizeEntry(e, ctx)));
    out.push(cs.map((c) => `${c.name} [${c.emails.map((m) => m.display).join(',')} | ${c.phones.map((p) => p.display).join(',')}]`).sort());
  }
  return out;
}

test('MUST KEEP APART: a full name on the family address alone beside another name of the family', () => {
  for (const got of rows([
    [{ name: 'Dee Moss', email: FAMILY, ...WROTE }, GMAIL],
    [{ name: 'Ray Moss', email: FAMILY, phone: '(415) 555-0144' }, PHONE],
  ]))
    assert.deepEqual(got, [`Dee Moss [${FAMILY} | ]`, `Ray Moss [${FAMILY} | +14155550144]`]);
  // Both cards holding the address alone, in one source: two people still.
  for (const got of rows([
    [{ name: 'Dee Moss', email: FAMILY, ...WROTE }, GMAIL],
    [{ name: 'Ray Moss', email: FAMILY }, GMAIL],
  ]))
    assert.deepEqual(got, [`Dee Moss [${FAMILY} | ]`, `Ray Moss [${FAMILY} | ]`]);
  // The other card holding an address of its own: Linda stays, her count with her.
  for (const got of rows([
    [{ name: 'Linda Hart', email: 'thehartfamily@comcast.net', ...WROTE }, GMAIL],
    [{ name: 'Roger Hart', emails: ['thehartfamily@comcast.net', 'roger.hart@acme.com'] }, GMAIL],
  ]))
    assert.deepEqual(got, ['Linda Hart [thehartfamily@comcast.net | ]', 'Roger Hart [thehartfamily@comcast.net,roger.hart@acme.com | ]']);
  const [dee] = mergeEntries([
    normalizeEntry({ name: 'Dee Moss', email: FAMILY, ...WROTE }, GMAIL),
    normalizeEntry({ name: 'Ray Moss', email: FAMILY, phone: '(415) 555-0144' }, PHONE),
  ]).filter((c) => c.name === 'Dee Moss');
  assert.equal(dee!.timesContacted, 20);
});

test('MUST MERGE: a short form, a maiden name, a label, a name for someone’s relation, a first name alone stay copies of the mailbox', () => {
  for (const [copy, owner] of [
    ['Beto Garcia', 'Alberto Garcia'],
    ['Bob Moss', 'Robert Moss'],
    ['Chris Moss', 'Christine Moss'],
    ['Ann Smith', 'Ann Lee'],
    ['Mom', 'Dee Moss'],
    ['Wife of Ray Moss', 'Ray Moss'],
    ['Dee', 'Ray Moss'],
    ['Karen Brown', 'Karen Miller'],
  ]) {
    for (const got of rows([
      [{ name: copy, email: FAMILY, ...WROTE }, GMAIL],
      [{ name: owner, email: FAMILY, phone: '(415) 555-0144' }, PHONE],
    ]))
      assert.equal(got.length, 1, `${copy} beside ${owner}: ${got.join('; ')}`);
  }
});

test('MUST KEEP APART (the fifty-seventh session): spouses who keep their own family names on the family mailbox, in Latin, Hangul and Han; a parent and a child whose given names one starts the other, each with a mobile, on the family mailbox or landline', () => {
  for (const [a, b, family] of [
    ['Jorge García López', 'Lucía Fernández Ruiz', 'familia.garcia@gmail.com'],
    ['Nguyễn Văn Hùng', 'Trần Thị Mai', 'giadinh.hung@gmail.com'],
    ['김민수', '이지은', 'family.kim@naver.com'],
    ['王伟', '李娜', 'wangjiating@163.com'],
  ]) {
    for (const got of rows([
      [{ name: b, email: family, ...WROTE }, GMAIL],
      [{ name: a, email: family, phone: '(415) 555-0144' }, PHONE],
    ]))
      assert.equal(got.length, 2, `${a} / ${b}: ${JSON.stringify(got)}`);
  }
  for (const got of rows([
    [{ name: 'Ali Yılmaz', email: 'yilmazaile@gmail.com', phone: '(415) 555-0144', ...WROTE }, GMAIL],
    [{ name: 'Alican Yılmaz', email: 'yilmazaile@gmail.com', phone: '(415) 555-0155' }, PHONE],
  ]))
    assert.equal(got.length, 2, JSON.stringify(got));
  for (const [a, b] of [
    ['Ali Rezaei', 'Alireza Rezaei'],
    ['Ayşe Yılmaz', 'Ayşegül Yılmaz'],
    ['Jan Kowalski', 'Janusz Kowalski'],
    ['Zhang Wei', 'Zhang Weiming'],
    ['Emma Smith', 'Emmanuel Smith'],
  ]) {
    for (const got of rows([
      [{ name: a, phones: ['(415) 555-0100', '(415) 555-0144'], ...WROTE }, PHONE],
      [{ name: b, phones: ['(415) 555-0100', '(415) 555-0155'], times_contacted: 3 }, PHONE],
    ]))
      assert.equal(got.length, 2, `${a} / ${b}: ${JSON.stringify(got)}`);
  }
});

test('MUST MERGE (the fifty-seventh session): the mailbox that spells one name is that person, another name on it a label; a short form on its own mobile; one name with and without its space', () => {
  // The mailbox spells Ingrid Keller: another name on it, with the address alone, is a label of it.
  for (const got of rows([
    [{ name: 'Amara Lindqvist', email: 'ingrid.keller@hey.com', ...WROTE }, GMAIL],
    [{ name: 'Ingrid Keller', email: 'ingrid.keller@hey.com', phone: '(415) 555-0144' }, PHONE],
  ]))
    assert.equal(got.length, 1, JSON.stringify(got));
  // A given name that starts the other's, on one card's own mobile: one person's phone card.
  for (const got of rows([
    [{ name: 'Ali Rezaei', phone: '(415) 555-0144' }, PHONE],
    [{ name: 'Alireza Rezaei', email: 'alireza@example.com', phone: '(415) 555-0144', ...WROTE }, GMAIL],
  ]))
    assert.equal(got.length, 1, JSON.stringify(got));
  // The same spouse's name written twice on the mailbox, and one Han name with and without its space.
  for (const got of rows([
    [{ name: '王 伟', email: 'wangjia@163.com', ...WROTE }, GMAIL],
    [{ name: '王伟', email: 'wangjia@163.com', phone: '(415) 555-0144' }, PHONE],
  ]))
    assert.equal(got.length, 1, JSON.stringify(got));
});

test("MUST KEEP APART (the fifty-eighth session): a man's and a woman's forms of one family name, names written family name first, and a man's and a woman's forms of one given name, on a mailbox", () => {
  for (const [a, b, box] of [
    ['Piotr Kowalski', 'Anna Kowalska', 'kowalscy@wp.pl'],
    ['Aleksander Kowalski', 'Aleksandra Kowalska', 'kowalscy@wp.pl'],
    ['Jan Novák', 'Jana Nováková', 'novakovi@seznam.cz'],
    ['Martin Horváth', 'Zuzana Horváthová', 'horvathovci@azet.sk'],
    ['Сергей Иванов', 'Ольга Иванова', 'ivanovy@mail.ru'],
    ['Георги Петров', 'Мария Петрова', 'petrovi@abv.bg'],
    ['Tomas Kazlauskas', 'Rūta Kazlauskienė', 'kazlauskai@gmail.com'],
    ['Jānis Bērziņš', 'Ilze Bērziņa', 'berzini@inbox.lv'],
    ['Jón Einarsson', 'Guðrún Einarsdóttir', 'heima@simnet.is'],
    ['Nikos Papadakis', 'Maria Papadaki', 'papadakis@otenet.gr'],
    ['Giorgos Papadopoulos', 'Eleni Papadopoulou', 'papadopoulos@otenet.gr'],
    ['Wang Wei', 'Wang Fang', 'wangjia@163.com'],
    ['王伟', '王芳', 'wangjia@163.com'],
    ['山田太郎', '山田花子', 'yamada@example.jp'],
    ['김민준', '김서연', 'kimfam@naver.com'],
    ['Nagy Péter', 'Nagy Anna', 'nagyek@freemail.hu'],
    ['Nagy Péter', 'Nagy Péterné', 'nagyek@freemail.hu'],
    ['Nguyễn Văn An', 'Nguyễn Thị Bình', 'nhaminh@gmail.com'],
    ['Mark Brown', 'Mary Brown', 'brownhome@gmail.com'],
    ['Francesco Rossi', 'Francesca Rossi', 'rossi@libero.it'],
    ['Daniel Lee', 'Danielle Lee', 'leefamily@gmail.com'],
  ]) {
    for (const got of rows([
      [{ name: a, email: box, ...WROTE }, GMAIL],
      [{ name: b, email: box, times_contacted: 3 }, GMAIL],
    ]))
      assert.equal(got.length, 2, `${a} / ${b}: ${JSON.stringify(got)}`);
  }
});

test('MUST MERGE (the fifty-eighth session): a maiden name beside a married one, a name in both orders, one given name spelt alike, a short form, on a mailbox', () => {
  for (const [a, b, box] of [
    ['Ann Smith', 'Ann Lee', 'ann@gmail.com'],
    ['Aarav Gupta', 'Aarav Nair', 'aarav@gmail.com'],
    ['Siobhan Taylor', 'Siobhan Jones', 'siobhan@gmail.com'],
    ['Kowalski Piotr', 'Piotr Kowalski', 'pk@wp.pl'],
    ['Zhang Wei', 'Wei Zhang', 'zw@163.com'],
    ['Quan Pham', 'Quan Nguyen', 'quan@gmail.com'],
    ['Jon Smith', 'Jonathan Smith', 'jsmith@gmail.com'],
    ['Anna Nowak', 'Anna Nowakowa', 'an@wp.pl'],
    // One person's two spellings (a review found each two rows on the person's own mailbox): a vowel or a
    // c for a k, a romanisation, an Italian man's `-e`, a slip of the family name's ending.
    ['Eric Schmidt', 'Erik Schmidt', 'eric.schmidt@gmx.de'],
    ['Marc Weber', 'Mark Weber', 'marc.weber@web.de'],
    ['Anne Müller', 'Anna Müller', 'anna.mueller@gmx.de'],
    ['Karin Berg', 'Karen Berg', 'karin.berg@gmx.de'],
    ['Kim Young', 'Kim Yeong', 'ky@naver.com'],
    ['Zhang Wei', 'Zhang Wie', 'zhangwei@qq.com'],
    ['Daniel Meyer', 'Daniele Meyer', 'dm@web.de'],
    ['Michel Dupont', 'Michele Dupont', 'md@orange.fr'],
    ['Piotr Kowalski', 'Piotr Kowalska', 'pk@wp.pl'],
    ['Ivan Petrov', 'Ivan Petrova', 'ip@mail.ru'],
  ]) {
    for (const got of rows([
      [{ name: a, email: box, ...WROTE }, GMAIL],
      [{ name: b, email: box, times_contacted: 3 }, GMAIL],
    ]))
      assert.equal(got.length, 1, `${a} / ${b}: ${JSON.stringify(got)}`);
  }
});

test("MUST KEEP APART: a name on a firm's role mailbox alone (`info@`, `office@`) beside another holder whose name it is not (a probe: the plumber vanished into the office manager's row)", () => {
  for (const [mailbox, copy, holder] of [
    ['info@klempner-meier.de', 'Klaus', 'Sabine Meier'],
    ['office@smithdental.com', 'Dr. Tom Smith', 'Jane Doe'],
    ['kontakt@praxis-weber.de', 'Anna Weber', 'Petra Klein'],
    // An executive's assistant on the executive office's mailbox beside him (the earlier rule joined them).
    ['office@corp.com', 'Sherri Sera', 'Jeff Skilling'],
  ] as const) {
    for (const got of rows([
      [{ name: copy, email: mailbox, ...WROTE }, GMAIL],
      [{ name: holder, email: mailbox, phone: '(415) 555-0144' }, PHONE],
    ]))
      assert.deepEqual(got, [`${copy} [${mailbox} | ]`, `${holder} [${mailbox} | +14155550144]`].sort());
  }
});

test('MUST MERGE: on a role mailbox, a copy whose name fits its holder, or no name, is still the holder', () => {
  for (const copy of [{ name: 'Sabine' }, { name: 'S. Meier' }, {}]) {
    for (const got of rows([
      [{ ...copy, email: 'info@klempner-meier.de', ...WROTE }, GMAIL],
      [{ name: 'Sabine Meier', email: 'info@klempner-meier.de', phone: '(415) 555-0144' }, PHONE],
    ]))
      assert.deepEqual(got, ['Sabine Meier [info@klempner-meier.de | +14155550144]']);
  }
  // A person's own mailbox keeps the rule: a maiden name on it is a copy.
  for (const got of rows([
    [{ name: 'Ann Smith', email: 'ann.lee@acme.com', ...WROTE }, GMAIL],
    [{ name: 'Ann Lee', email: 'ann.lee@acme.com', phone: '(415) 555-0144' }, PHONE],
  ]))
    assert.equal(got.length, 1);
});

test('MUST MERGE: on a role mailbox, a maiden name keeping the given name (a word alike) is still the holder', () => {
  for (const got of rows([
    [{ name: 'Łukasz Szymańska', email: 'contact@florist.example', ...WROTE }, GMAIL],
    [{ name: 'Łukasz Kowalski', email: 'contact@florist.example', phone: '(415) 555-0144' }, PHONE],
  ]))
    assert.equal(got.length, 1, JSON.stringify(got));
});
