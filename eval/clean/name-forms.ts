/**
 * Name forms the merge rules read (src/domain/merge/names.ts, links.ts; docs/cleaning.md "One person in
 * two scripts", "One name spelt two ways is one name"): generated pairs of entries, each pair one case in
 * a book of its country, run through the service's path (normalizeEntry, mergeEntries).
 *
 * - Must merge: one person's two entries (a mail account's and a phone's card, or two phone cards) that
 *   share a mobile written in two formats, or an address, under two forms of one name the docs say are one
 *   person: degrees after a name, a bracketed nickname, a hyphenated given name in the other order, the
 *   Russian short forms in Cyrillic, a Han or Hangul given name alone, kana beside kanji, a name typed
 *   half in Cyrillic, particles (van der / vd, al- / el-), two Latin romanisations of one Russian name, a
 *   Latin name that romanises a Cyrillic one letter by letter (also with a mobile each on a landline, where
 *   the docs say such names agree firmly), the Greek and Ukrainian Latin forms of one name. Forms marked
 *   "(beyond the lists)" take names the docs' claim covers in words ("the everyday Russian short forms",
 *   "the Latin forms of one Greek name, formal and everyday", "one Ukrainian name in its Ukrainian and
 *   Russian forms") but names.ts does not list: they probe whether the rule generalises.
 * - Must stay apart: two people of a family on their shared landline, each card with a mobile of its
 *   own (the docs' trade-offs: what stays two).
 *
 * Figures: must-merge recall (pairs in one contact), must-keep-apart precision (pairs in two contacts;
 * fused pairs must be 0), per form, with failing pairs named (the names are synthetic); people dropped,
 * contacts holding two cases, and pairs whose shared number or address did not key alike (a fault of the
 * generator, not of the names: must be 0, such pairs are not scored).
 */
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry, sourceKey } from '../../src/domain/normalize.ts';
import { regionFromPhone } from '../../src/domain/phone.ts';
import type { CountryCode } from '../../src/domain/phone.ts';
import type { Contact, EntryInput, NormalizedEntry, SourceInput } from '../../src/domain/types.ts';
import { entriesAsRead } from '../../src/services/address-book-answers.ts';
import { chance, hash, int, pick, rng, shuffle } from './prng.ts';
import type { Rng } from './prng.ts';

// --- phone plans of the books' countries ----------------------------------------------------------------

interface Plan {
  region: CountryCode;
  cc: string;
  /** National significant numbers, from random digits. */
  mobile: (r: Rng) => string;
  landline: (r: Rng) => string;
  /** As a phone saves it at home (trunk prefix, local grouping). */
  national: (nsn: string) => string;
  /** As a mail account holds it (country code, spaced). */
  intl: (nsn: string) => string;
  domains: string[];
}

const d = (r: Rng, n: number) => Array.from({ length: n }, () => String(int(r, 0, 9))).join('');
/** 'AAA BBB CCCC' style groups of `nsn` cut at the given lengths, joined by `sep`. */
const groups = (nsn: string, cuts: number[], sep = ' ') => {
  const out: string[] = [];
  let at = 0;
  for (const c of cuts) {
    out.push(nsn.slice(at, at + c));
    at += c;
  }
  if (at < nsn.length) out.push(nsn.slice(at));
  return out.join(sep);
};

const PLANS = {
  RU: {
    region: 'RU',
    cc: '7',
    mobile: (r) => `9${pick(r, ['16', '03', '05', '26', '85', '99', '77', '15', '10', '20'])}${d(r, 7)}`,
    landline: (r) => `${pick(r, ['495', '499', '812'])}${int(r, 2, 9)}${d(r, 6)}`,
    national: (n) => `8 (${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6, 8)}-${n.slice(8)}`,
    intl: (n) => `+7 ${n.slice(0, 3)} ${n.slice(3, 6)}-${n.slice(6, 8)}-${n.slice(8)}`,
    domains: ['yandex.ru', 'mail.ru', 'gmail.com', 'rambler.ru'],
  },
  UA: {
    region: 'UA',
    cc: '380',
    mobile: (r) => `${pick(r, ['50', '66', '67', '68', '93', '95', '97', '99', '63', '73'])}${int(r, 2, 9)}${d(r, 6)}`,
    landline: (r) => `44${int(r, 2, 5)}${d(r, 6)}`,
    national: (n) => `0${groups(n, [2, 3, 2])}`,
    intl: (n) => `+380 ${groups(n, [2, 3, 2])}`,
    domains: ['ukr.net', 'gmail.com', 'i.ua'],
  },
  GR: {
    region: 'GR',
    cc: '30',
    mobile: (r) => `69${pick(r, ['3', '4', '5', '7', '8', '9'])}${d(r, 7)}`,
    landline: (r) => `210${int(r, 1, 9)}${d(r, 6)}`,
    national: (n) => groups(n, [3, 3]),
    intl: (n) => `+30 ${groups(n, [3, 3])}`,
    domains: ['gmail.com', 'otenet.gr', 'yahoo.gr'],
  },
  CN: {
    region: 'CN',
    cc: '86',
    mobile: (r) => `1${pick(r, ['38', '39', '35', '36', '86', '87', '58', '59', '50', '51', '88'])}${d(r, 8)}`,
    landline: (r) => `10${int(r, 5, 8)}${d(r, 7)}`,
    national: (n) => (n.length === 11 && n[0] === '1' ? groups(n, [3, 4]) : `0${groups(n, [2, 4])}`),
    intl: (n) => `+86 ${n.length === 11 && n[0] === '1' ? groups(n, [3, 4]) : groups(n, [2, 4])}`,
    domains: ['qq.com', '163.com', '126.com', 'gmail.com'],
  },
  KR: {
    region: 'KR',
    cc: '82',
    mobile: (r) => `10${int(r, 2, 9)}${d(r, 7)}`,
    landline: (r) => `2${int(r, 2, 9)}${d(r, 7)}`,
    national: (n) => `0${n.slice(0, n.length - 8)}-${n.slice(-8, -4)}-${n.slice(-4)}`,
    intl: (n) => `+82 ${n.slice(0, n.length - 8)}-${n.slice(-8, -4)}-${n.slice(-4)}`,
    domains: ['naver.com', 'daum.net', 'gmail.com'],
  },
  JP: {
    region: 'JP',
    cc: '81',
    mobile: (r) => `${pick(r, ['90', '80', '70'])}${int(r, 1, 9)}${d(r, 7)}`,
    landline: (r) => `3${int(r, 3, 6)}${d(r, 7)}`,
    national: (n) => `0${n.slice(0, n.length - 8)}-${n.slice(-8, -4)}-${n.slice(-4)}`,
    intl: (n) => `+81 ${n.slice(0, n.length - 8)}-${n.slice(-8, -4)}-${n.slice(-4)}`,
    domains: ['docomo.ne.jp', 'gmail.com', 'yahoo.co.jp'],
  },
  NL: {
    region: 'NL',
    cc: '31',
    mobile: (r) => `6${int(r, 1, 5)}${d(r, 7)}`,
    landline: (r) => `20${int(r, 2, 9)}${d(r, 6)}`,
    national: (n) => (n[0] === '6' ? `06-${n.slice(1)}` : `0${groups(n, [2, 3])}`),
    intl: (n) => `+31 ${n[0] === '6' ? groups(n, [1, 4]) : groups(n, [2, 3])}`,
    domains: ['gmail.com', 'ziggo.nl', 'kpnmail.nl'],
  },
  AE: {
    region: 'AE',
    cc: '971',
    mobile: (r) => `5${pick(r, ['0', '2', '5', '6', '8'])}${int(r, 2, 9)}${d(r, 6)}`,
    landline: (r) => `4${int(r, 2, 9)}${d(r, 6)}`,
    national: (n) => `0${n.slice(0, n.length - 7)} ${n.slice(-7, -4)} ${n.slice(-4)}`,
    intl: (n) => `+971 ${n.slice(0, n.length - 7)} ${n.slice(-7, -4)} ${n.slice(-4)}`,
    domains: ['gmail.com', 'hotmail.com', 'eim.ae'],
  },
  US: {
    region: 'US',
    cc: '1',
    mobile: (r) => `${pick(r, ['212', '415', '617', '312', '646', '917', '503', '718', '206'])}${int(r, 2, 9)}${int(r, 0, 9)}${int(r, 2, 9)}${d(r, 4)}`,
    landline: (r) => `${pick(r, ['201', '301', '404', '713', '808'])}${int(r, 2, 9)}${int(r, 0, 9)}${int(r, 2, 9)}${d(r, 4)}`,
    national: (n) => `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`,
    intl: (n) => `+1 ${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}`,
    domains: ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com'],
  },
} satisfies Record<string, Plan>;
type PlanName = keyof typeof PLANS;

// --- names ------------------------------------------------------------------------------------------------

type Gender = 'm' | 'f';
/** A Russian given name: Cyrillic, and its Latin spellings that romanise it letter by letter. */
interface RuGiven {
  cyr: string;
  lat: string[];
  g: Gender;
}
const RU_GIVEN: RuGiven[] = [
  { cyr: 'Иван', lat: ['Ivan'], g: 'm' },
  { cyr: 'Дмитрий', lat: ['Dmitry', 'Dmitriy', 'Dmitri'], g: 'm' },
  { cyr: 'Сергей', lat: ['Sergey', 'Sergei'], g: 'm' },
  { cyr: 'Андрей', lat: ['Andrey', 'Andrei'], g: 'm' },
  { cyr: 'Алексей', lat: ['Alexey', 'Aleksei', 'Alexei'], g: 'm' },
  { cyr: 'Михаил', lat: ['Mikhail'], g: 'm' },
  { cyr: 'Николай', lat: ['Nikolai', 'Nikolay'], g: 'm' },
  { cyr: 'Павел', lat: ['Pavel'], g: 'm' },
  { cyr: 'Олег', lat: ['Oleg'], g: 'm' },
  { cyr: 'Максим', lat: ['Maxim', 'Maksim'], g: 'm' },
  { cyr: 'Артём', lat: ['Artem', 'Artyom'], g: 'm' },
  { cyr: 'Кирилл', lat: ['Kirill'], g: 'm' },
  { cyr: 'Роман', lat: ['Roman'], g: 'm' },
  { cyr: 'Евгений', lat: ['Evgeny', 'Yevgeny'], g: 'm' },
  { cyr: 'Владимир', lat: ['Vladimir'], g: 'm' },
  { cyr: 'Григорий', lat: ['Grigory'], g: 'm' },
  { cyr: 'Виктор', lat: ['Viktor'], g: 'm' },
  { cyr: 'Денис', lat: ['Denis'], g: 'm' },
  { cyr: 'Антон', lat: ['Anton'], g: 'm' },
  { cyr: 'Игорь', lat: ['Igor'], g: 'm' },
  { cyr: 'Егор', lat: ['Egor', 'Yegor'], g: 'm' },
  { cyr: 'Юрий', lat: ['Yuri', 'Yuriy', 'Yury'], g: 'm' },
  { cyr: 'Фёдор', lat: ['Fyodor', 'Fedor'], g: 'm' },
  { cyr: 'Пётр', lat: ['Pyotr', 'Petr'], g: 'm' },
  { cyr: 'Константин', lat: ['Konstantin'], g: 'm' },
  { cyr: 'Юлия', lat: ['Yulia', 'Yuliya'], g: 'f' },
  { cyr: 'Ольга', lat: ['Olga'], g: 'f' },
  { cyr: 'Наталья', lat: ['Natalia', 'Natalya'], g: 'f' },
  { cyr: 'Татьяна', lat: ['Tatiana', 'Tatyana'], g: 'f' },
  { cyr: 'Елена', lat: ['Elena', 'Yelena'], g: 'f' },
  { cyr: 'Анна', lat: ['Anna'], g: 'f' },
  { cyr: 'Мария', lat: ['Maria', 'Mariya'], g: 'f' },
  { cyr: 'Ирина', lat: ['Irina'], g: 'f' },
  { cyr: 'Светлана', lat: ['Svetlana'], g: 'f' },
  { cyr: 'Екатерина', lat: ['Ekaterina', 'Yekaterina'], g: 'f' },
  { cyr: 'Анастасия', lat: ['Anastasia', 'Anastasiya'], g: 'f' },
  { cyr: 'Ксения', lat: ['Ksenia', 'Kseniya'], g: 'f' },
  { cyr: 'Дарья', lat: ['Darya', 'Daria'], g: 'f' },
  { cyr: 'Полина', lat: ['Polina'], g: 'f' },
  { cyr: 'Вера', lat: ['Vera'], g: 'f' },
  { cyr: 'Людмила', lat: ['Lyudmila', 'Ludmila'], g: 'f' },
  { cyr: 'Галина', lat: ['Galina'], g: 'f' },
  { cyr: 'Алина', lat: ['Alina'], g: 'f' },
  { cyr: 'Виктория', lat: ['Viktoria', 'Viktoriya'], g: 'f' },
];
/** Russian given names names.ts's lists do not hold (no short form listed, no name in another language), with two Latin spellings or more. */
const RU_GIVEN_UNLISTED: RuGiven[] = [
  { cyr: 'Егор', lat: ['Egor', 'Yegor'], g: 'm' },
  { cyr: 'Артём', lat: ['Artem', 'Artyom'], g: 'm' },
  { cyr: 'Виктория', lat: ['Viktoria', 'Viktoriya'], g: 'f' },
  { cyr: 'Аркадий', lat: ['Arkady', 'Arkadiy', 'Arkadi'], g: 'm' },
  { cyr: 'Тимофей', lat: ['Timofey', 'Timofei'], g: 'm' },
  { cyr: 'Арсений', lat: ['Arseny', 'Arseniy'], g: 'm' },
  { cyr: 'Виталий', lat: ['Vitaly', 'Vitaliy', 'Vitali'], g: 'm' },
  { cyr: 'Анатолий', lat: ['Anatoly', 'Anatoliy'], g: 'm' },
  { cyr: 'Зоя', lat: ['Zoya', 'Zoia'], g: 'f' },
  { cyr: 'Майя', lat: ['Maya', 'Maiya'], g: 'f' },
];
const ruGiven = (r: Rng, g?: Gender) => pick(r, g === undefined ? RU_GIVEN : RU_GIVEN.filter((x) => x.g === g));

/** Russian family names: masculine and feminine, in Cyrillic and in a letter-by-letter romanisation. */
interface RuFamily {
  m: [string, string];
  f: [string, string];
}
const RU_FAMILY: RuFamily[] = [
  ...[
    ['Петров', 'Petrov'],
    ['Иванов', 'Ivanov'],
    ['Смирнов', 'Smirnov'],
    ['Кузнецов', 'Kuznetsov'],
    ['Соколов', 'Sokolov'],
    ['Попов', 'Popov'],
    ['Лебедев', 'Lebedev'],
    ['Козлов', 'Kozlov'],
    ['Новиков', 'Novikov'],
    ['Морозов', 'Morozov'],
    ['Волков', 'Volkov'],
    ['Соловьёв', 'Solovyov'],
    ['Васильев', 'Vasilyev'],
    ['Зайцев', 'Zaitsev'],
    ['Павлов', 'Pavlov'],
    ['Семёнов', 'Semyonov'],
    ['Голубев', 'Golubev'],
    ['Виноградов', 'Vinogradov'],
    ['Богданов', 'Bogdanov'],
    ['Фёдоров', 'Fyodorov'],
    ['Михайлов', 'Mikhailov'],
    ['Белов', 'Belov'],
    ['Тарасов', 'Tarasov'],
    ['Орлов', 'Orlov'],
    ['Кузьмин', 'Kuzmin'],
    ['Никитин', 'Nikitin'],
    ['Захаров', 'Zakharov'],
    ['Борисов', 'Borisov'],
    ['Королёв', 'Korolyov'],
    ['Герасимов', 'Gerasimov'],
  ].map(([c, l]) => ({ m: [c, l], f: [`${c}а`, `${l}a`] }) as RuFamily),
  { m: ['Ковальский', 'Kovalsky'], f: ['Ковальская', 'Kovalskaya'] },
  { m: ['Высоцкий', 'Vysotsky'], f: ['Высоцкая', 'Vysotskaya'] },
];

/** The Russian short forms of names.ts's list: full name, its short forms, gender. */
const RU_SHORT: [string, string[], Gender][] = [
  ['Александр', ['Саша', 'Шура'], 'm'],
  ['Александра', ['Саша', 'Шура'], 'f'],
  ['Алексей', ['Лёша', 'Алёша'], 'm'],
  ['Андрей', ['Андрюша'], 'm'],
  ['Анастасия', ['Настя'], 'f'],
  ['Анна', ['Аня'], 'f'],
  ['Борис', ['Боря'], 'm'],
  ['Валентин', ['Валя'], 'm'],
  ['Валентина', ['Валя'], 'f'],
  ['Валерий', ['Валера'], 'm'],
  ['Василий', ['Вася'], 'm'],
  ['Виктор', ['Витя'], 'm'],
  ['Владимир', ['Вова', 'Володя'], 'm'],
  ['Вячеслав', ['Слава'], 'm'],
  ['Ярослав', ['Слава'], 'm'],
  ['Галина', ['Галя'], 'f'],
  ['Геннадий', ['Гена'], 'm'],
  ['Григорий', ['Гриша'], 'm'],
  ['Дарья', ['Даша'], 'f'],
  ['Дмитрий', ['Дима', 'Митя'], 'm'],
  ['Евгений', ['Женя'], 'm'],
  ['Евгения', ['Женя'], 'f'],
  ['Екатерина', ['Катя'], 'f'],
  ['Елена', ['Лена'], 'f'],
  ['Елизавета', ['Лиза'], 'f'],
  ['Иван', ['Ваня'], 'm'],
  ['Ирина', ['Ира'], 'f'],
  ['Константин', ['Костя'], 'm'],
  ['Ксения', ['Ксюша'], 'f'],
  ['Леонид', ['Лёня'], 'm'],
  ['Людмила', ['Люда'], 'f'],
  ['Максим', ['Макс'], 'm'],
  ['Мария', ['Маша'], 'f'],
  ['Михаил', ['Миша'], 'm'],
  ['Надежда', ['Надя'], 'f'],
  ['Наталья', ['Наташа'], 'f'],
  ['Николай', ['Коля'], 'm'],
  ['Ольга', ['Оля'], 'f'],
  ['Павел', ['Паша'], 'm'],
  ['Пётр', ['Петя'], 'm'],
  ['Роман', ['Рома'], 'm'],
  ['Светлана', ['Света'], 'f'],
  ['Сергей', ['Серёжа'], 'm'],
  ['Станислав', ['Стас'], 'm'],
  ['Татьяна', ['Таня'], 'f'],
  ['Фёдор', ['Федя'], 'm'],
  ['Юлия', ['Юля'], 'f'],
  ['Юрий', ['Юра'], 'm'],
  ['Яков', ['Яша'], 'm'],
];
/** Everyday Russian short forms names.ts does not list (beyond the lists). */
const RU_SHORT_OTHER: [string, string[], Gender][] = [
  ['Анатолий', ['Толя'], 'm'],
  ['Артём', ['Тёма'], 'm'],
  ['Виктория', ['Вика'], 'f'],
  ['Георгий', ['Гоша', 'Жора'], 'm'],
  ['Софья', ['Соня'], 'f'],
  ['Кирилл', ['Кирюша'], 'm'],
  ['Лев', ['Лёва'], 'm'],
  ['Тимофей', ['Тима'], 'm'],
  ['Любовь', ['Люба'], 'f'],
  ['Валерия', ['Лера'], 'f'],
  ['Маргарита', ['Рита'], 'f'],
  ['Лидия', ['Лида'], 'f'],
  ['Илья', ['Илюша'], 'm'],
  ['Эдуард', ['Эдик'], 'm'],
  ['Зинаида', ['Зина'], 'f'],
];

/** Greek given names in Latin: a formal form first, then everyday ones (names.ts groups). */
const GR_GROUPS: string[][] = [
  ['Georgios', 'Giorgos', 'Yorgos', 'Yiorgos'],
  ['Konstantinos', 'Kostas'],
  ['Ioannis', 'Giannis', 'Yannis', 'Yiannis'],
  ['Dimitrios', 'Dimitris'],
  ['Nikolaos', 'Nikos'],
  ['Panagiotis', 'Panayiotis', 'Panos'],
  ['Evangelos', 'Vangelis'],
  ['Athanasios', 'Thanasis'],
  ['Vasileios', 'Vasilis'],
];
/** Formal and everyday Latin forms of Greek names names.ts does not list (beyond the lists). */
const GR_GROUPS_OTHER: string[][] = [
  ['Spyridon', 'Spyros'],
  ['Emmanouil', 'Manolis'],
  ['Charalampos', 'Babis'],
  ['Michail', 'Michalis'],
  ['Eleftherios', 'Lefteris'],
  ['Stylianos', 'Stelios'],
  ['Theodoros', 'Thodoris'],
  ['Anastasios', 'Tasos'],
  ['Aikaterini', 'Katerina'],
  ['Panagiota', 'Giota'],
];
const GR_FAMILY = [
  'Papadopoulos',
  'Pappas',
  'Oikonomou',
  'Georgiou',
  'Nikolaidis',
  'Karagiannis',
  'Vlachos',
  'Alexiou',
  'Dimitriou',
  'Konstantinidis',
  'Makris',
  'Antoniou',
  'Christodoulou',
  'Ioannou',
  'Papageorgiou',
  'Theodorou',
  'Angelopoulos',
  'Mavridis',
  'Stavrou',
  'Kyriakou',
];
/** A Ukrainian given name's Russian Latin forms and its Ukrainian ones (names.ts groups). */
const UA_GROUPS: [string[], string[]][] = [
  [
    ['Sergey', 'Sergei'],
    ['Serhiy', 'Serhii', 'Sergiy'],
  ],
  [['Olga'], ['Olha']],
  [['Tatiana', 'Tatyana'], ['Tetiana']],
  [['Alexander', 'Aleksandr'], ['Oleksandr']],
  [['Vladimir'], ['Volodymyr']],
  [['Nikolai', 'Nikolay'], ['Mykola']],
  [
    ['Andrey', 'Andrei'],
    ['Andriy', 'Andrii'],
  ],
  [['Svetlana'], ['Svitlana']],
  [['Elena'], ['Olena']],
  [['Mikhail'], ['Mykhailo']],
  [['Yuriy', 'Yuri', 'Yury'], ['Yurii']],
  [['Ekaterina'], ['Kateryna']],
];
/** Russian and Ukrainian Latin forms of one name that names.ts does not list (beyond the lists). */
const UA_GROUPS_OTHER: [string[], string[]][] = [
  [['Dmitry', 'Dmitriy'], ['Dmytro']],
  [['Oleg'], ['Oleh']],
  [['Evgeny', 'Yevgeny'], ['Yevhen']],
  [['Grigory'], ['Hryhoriy']],
  [['Galina'], ['Halyna']],
  [['Pyotr'], ['Petro']],
  [['Pavel'], ['Pavlo']],
  [['Vasily'], ['Vasyl']],
  [['Bogdan'], ['Bohdan']],
  [['Denis'], ['Denys']],
  [['Maxim'], ['Maksym']],
  [['Larisa'], ['Larysa']],
  [['Lyudmila'], ['Liudmyla']],
  [['Valentina'], ['Valentyna']],
  [['Natalia'], ['Nataliia']],
  [['Irina'], ['Iryna']],
  [['Yulia'], ['Yuliia']],
];
const UA_FAMILY_LAT = [
  'Shevchenko',
  'Bondarenko',
  'Kovalenko',
  'Tkachenko',
  'Kravchenko',
  'Boyko',
  'Melnyk',
  'Koval',
  'Oliynyk',
  'Lysenko',
  'Rudenko',
  'Savchenko',
  'Petrenko',
  'Marchenko',
  'Moroz',
  'Polishchuk',
  'Kovalchuk',
  'Tkachuk',
  'Kravets',
  'Zinchenko',
  'Levchenko',
  'Ponomarenko',
  'Pavlenko',
];
/** Family names in Cyrillic that are the same for a man and a woman (Ukrainian -enko, -uk; Korean). */
const CYR_FAMILY_INVARIANT = [
  'Шевченко',
  'Бондаренко',
  'Коваленко',
  'Ткаченко',
  'Кравченко',
  'Лысенко',
  'Мельник',
  'Бойко',
  'Коваль',
  'Ткачук',
  'Руденко',
  'Савченко',
  'Петренко',
  'Марченко',
  'Мороз',
  'Ким',
  'Цой',
  'Черных',
  'Седых',
];

/** Chinese given names in pinyin, by syllable. */
const PINYIN_GIVEN: [string, string][] = [
  ['Xiao', 'ming'],
  ['Zhi', 'wei'],
  ['Jia', 'hui'],
  ['Yu', 'ting'],
  ['Hao', 'ran'],
  ['Zi', 'xuan'],
  ['Yi', 'ming'],
  ['Jian', 'guo'],
  ['Xin', 'yi'],
  ['Ruo', 'lan'],
  ['Tian', 'yu'],
  ['Ming', 'zhe'],
  ['Kai', 'wen'],
  ['Shu', 'fen'],
  ['Jun', 'jie'],
  ['Li', 'hua'],
  ['Hai', 'tao'],
  ['Wen', 'bo'],
  ['Mei', 'ling'],
  ['Guo', 'qiang'],
];
const PINYIN_FAMILY = [
  'Wang',
  'Li',
  'Zhang',
  'Liu',
  'Chen',
  'Yang',
  'Huang',
  'Zhao',
  'Wu',
  'Zhou',
  'Xu',
  'Sun',
  'Ma',
  'Zhu',
  'Hu',
  'Guo',
  'He',
  'Lin',
  'Luo',
  'Gao',
  'Zheng',
  'Liang',
  'Xie',
  'Song',
  'Tang',
];
/** English names Chinese speakers go by. */
const ENGLISH_NICKS = [
  'Tom',
  'Kevin',
  'Grace',
  'Amy',
  'Lucy',
  'Eric',
  'Jason',
  'Vivian',
  'Tony',
  'Cindy',
  'Frank',
  'Helen',
  'Jack',
  'Sophie',
  'Leo',
  'Vincent',
  'Ivy',
  'David',
  'Michelle',
  'Peter',
];
/** One-syllable Chinese given names, none the start of another. */
const PINYIN_SHORT_GIVEN = ['Jun', 'Wei', 'Lei', 'Hao', 'Ying', 'Fang', 'Tao', 'Qiang', 'Yan', 'Ping', 'Jie', 'Bo', 'Hui', 'Xin', 'Kai', 'Peng', 'Rui', 'Chao'];
/** Western full names with a pet name that is no short form names.ts lists. */
const WESTERN_NICKS: [string, string][] = [
  ['Elizabeth', 'Betsy'],
  ['Eleanor', 'Nell'],
  ['Theodore', 'Teddy'],
  ['Dorothy', 'Dot'],
  ['Harold', 'Hal'],
  ['Virginia', 'Ginny'],
  ['Francis', 'Frank'],
  ['Cornelius', 'Neil'],
  ['Florence', 'Flo'],
  ['Mildred', 'Millie'],
];

/** Korean given names in romanisation, by syllable. */
const KOREAN_GIVEN: [string, string][] = [
  ['Min', 'su'],
  ['Ji', 'hoon'],
  ['Seo', 'yeon'],
  ['Ji', 'woo'],
  ['Ha', 'eun'],
  ['Do', 'yun'],
  ['Ye', 'jun'],
  ['Su', 'bin'],
  ['Hyun', 'woo'],
  ['Eun', 'ji'],
  ['Jae', 'won'],
  ['Sung', 'min'],
  ['Hye', 'jin'],
  ['Young', 'ho'],
  ['Dong', 'hyun'],
  ['Jin', 'young'],
];
/** Siblings' given names that share their first syllable. */
const KOREAN_SIBLINGS: [string, string, string][] = [
  ['Min', 'su', 'ji'],
  ['Ji', 'hoon', 'woo'],
  ['Seo', 'yeon', 'jun'],
  ['Ha', 'eun', 'jun'],
  ['Su', 'bin', 'ah'],
  ['Hyun', 'woo', 'ji'],
  ['Jae', 'won', 'hee'],
  ['Eun', 'ji', 'seo'],
  ['Ye', 'jun', 'rin'],
  ['Do', 'yun', 'hee'],
  ['Sung', 'min', 'hoon'],
  ['Young', 'ho', 'mi'],
  ['Jin', 'young', 'woo'],
  ['Dong', 'hyun', 'min'],
];
const KOREAN_FAMILY = ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Jang', 'Lim', 'Han', 'Oh', 'Shin', 'Kwon', 'Hwang', 'Ahn', 'Song', 'Hong'];

const HAN_FAMILY = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '赵',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '胡',
  '朱',
  '高',
  '林',
  '何',
  '郭',
  '马',
  '罗',
  '欧阳',
  '司马',
  '诸葛',
  '上官',
];
const HAN_GIVEN = [
  '小明',
  '建国',
  '志强',
  '秀英',
  '丽华',
  '俊杰',
  '雨桐',
  '子涵',
  '浩然',
  '思远',
  '欣怡',
  '嘉豪',
  '梓萱',
  '宇轩',
  '佳怡',
  '明辉',
  '晓燕',
  '海涛',
  '文博',
  '美玲',
];
const HANGUL_FAMILY = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '신', '권', '황', '남궁', '황보', '선우'];
const HANGUL_GIVEN = [
  '민수',
  '지훈',
  '서연',
  '지우',
  '하은',
  '도윤',
  '예준',
  '수빈',
  '현우',
  '은지',
  '재원',
  '성민',
  '혜진',
  '영호',
  '동현',
  '진영',
  '서준',
  '유진',
];
/** Japanese family and given names: kanji and their reading in hiragana. */
const JA_FAMILY: [string, string][] = [
  ['山田', 'やまだ'],
  ['佐藤', 'さとう'],
  ['鈴木', 'すずき'],
  ['高橋', 'たかはし'],
  ['田中', 'たなか'],
  ['伊藤', 'いとう'],
  ['渡辺', 'わたなべ'],
  ['中村', 'なかむら'],
  ['小林', 'こばやし'],
  ['加藤', 'かとう'],
  ['吉田', 'よしだ'],
  ['山本', 'やまもと'],
  ['松本', 'まつもと'],
  ['井上', 'いのうえ'],
  ['木村', 'きむら'],
  ['斎藤', 'さいとう'],
  ['清水', 'しみず'],
  ['佐々木', 'ささき'],
  ['池田', 'いけだ'],
  ['森', 'もり'],
];
const JA_GIVEN: [string, string][] = [
  ['太郎', 'たろう'],
  ['健太', 'けんた'],
  ['翔太', 'しょうた'],
  ['花子', 'はなこ'],
  ['美咲', 'みさき'],
  ['大輔', 'だいすけ'],
  ['直樹', 'なおき'],
  ['由美', 'ゆみ'],
  ['結衣', 'ゆい'],
  ['拓也', 'たくや'],
  ['恵子', 'けいこ'],
  ['陽菜', 'ひな'],
  ['裕子', 'ゆうこ'],
  ['浩', 'ひろし'],
  ['翼', 'つばさ'],
  ['誠', 'まこと'],
];
/** Latin spellings of the names above, as a mail account or a card abroad writes them (pinyin, Revised Romanisation, Hepburn). */
const ROMAN: Record<string, string> = {
  ...Object.fromEntries(
    [
      '王 Wang',
      '李 Li',
      '张 Zhang',
      '刘 Liu',
      '陈 Chen',
      '杨 Yang',
      '赵 Zhao',
      '黄 Huang',
      '周 Zhou',
      '吴 Wu',
      '徐 Xu',
      '孙 Sun',
      '胡 Hu',
      '朱 Zhu',
      '高 Gao',
      '林 Lin',
      '何 He',
      '郭 Guo',
      '马 Ma',
      '罗 Luo',
      '欧阳 Ouyang',
      '司马 Sima',
      '诸葛 Zhuge',
      '上官 Shangguan',
      '小明 Xiaoming',
      '建国 Jianguo',
      '志强 Zhiqiang',
      '秀英 Xiuying',
      '丽华 Lihua',
      '俊杰 Junjie',
      '雨桐 Yutong',
      '子涵 Zihan',
      '浩然 Haoran',
      '思远 Siyuan',
      '欣怡 Xinyi',
      '嘉豪 Jiahao',
      '梓萱 Zixuan',
      '宇轩 Yuxuan',
      '佳怡 Jiayi',
      '明辉 Minghui',
      '晓燕 Xiaoyan',
      '海涛 Haitao',
      '文博 Wenbo',
      '美玲 Meiling',
      '김 Kim',
      '이 Lee',
      '박 Park',
      '최 Choi',
      '정 Jung',
      '강 Kang',
      '조 Cho',
      '윤 Yoon',
      '장 Jang',
      '임 Lim',
      '한 Han',
      '오 Oh',
      '신 Shin',
      '권 Kwon',
      '황 Hwang',
      '남궁 Namgung',
      '황보 Hwangbo',
      '선우 Sunwoo',
      '민수 Minsu',
      '지훈 Jihoon',
      '서연 Seoyeon',
      '지우 Jiwoo',
      '하은 Haeun',
      '도윤 Doyun',
      '예준 Yejun',
      '수빈 Subin',
      '현우 Hyunwoo',
      '은지 Eunji',
      '재원 Jaewon',
      '성민 Sungmin',
      '혜진 Hyejin',
      '영호 Youngho',
      '동현 Donghyun',
      '진영 Jinyoung',
      '서준 Seojun',
      '유진 Yujin',
      '山田 Yamada',
      '佐藤 Sato',
      '鈴木 Suzuki',
      '高橋 Takahashi',
      '田中 Tanaka',
      '伊藤 Ito',
      '渡辺 Watanabe',
      '中村 Nakamura',
      '小林 Kobayashi',
      '加藤 Kato',
      '吉田 Yoshida',
      '山本 Yamamoto',
      '松本 Matsumoto',
      '井上 Inoue',
      '木村 Kimura',
      '斎藤 Saito',
      '清水 Shimizu',
      '佐々木 Sasaki',
      '池田 Ikeda',
      '森 Mori',
      '太郎 Taro',
      '健太 Kenta',
      '翔太 Shota',
      '花子 Hanako',
      '美咲 Misaki',
      '大輔 Daisuke',
      '直樹 Naoki',
      '由美 Yumi',
      '結衣 Yui',
      '拓也 Takuya',
      '恵子 Keiko',
      '陽菜 Hina',
      '裕子 Yuko',
      '浩 Hiroshi',
      '翼 Tsubasa',
      '誠 Makoto',
    ].map((x) => x.split(' ')),
  ),
};

/** Greek given and family names in Greek and in a letter-by-letter Latin spelling (ELOT or the older ones). */
const GREEK_GIVEN: [string, string[], Gender][] = [
  ['Γιώργος', ['Giorgos', 'Yorgos'], 'm'],
  ['Νίκος', ['Nikos'], 'm'],
  ['Δημήτρης', ['Dimitris'], 'm'],
  ['Κώστας', ['Kostas'], 'm'],
  ['Γιάννης', ['Giannis', 'Yannis'], 'm'],
  ['Παναγιώτης', ['Panagiotis', 'Panayiotis'], 'm'],
  ['Χρήστος', ['Christos'], 'm'],
  ['Μαρία', ['Maria'], 'f'],
  ['Ελένη', ['Eleni'], 'f'],
  ['Κατερίνα', ['Katerina'], 'f'],
  ['Σοφία', ['Sofia'], 'f'],
  ['Δέσποινα', ['Despoina'], 'f'],
];
const GREEK_FAMILY: { m: [string, string]; f: [string, string] }[] = [
  { m: ['Παπαδόπουλος', 'Papadopoulos'], f: ['Παπαδοπούλου', 'Papadopoulou'] },
  { m: ['Παππάς', 'Pappas'], f: ['Παππά', 'Pappa'] },
  { m: ['Οικονόμου', 'Oikonomou'], f: ['Οικονόμου', 'Oikonomou'] },
  { m: ['Γεωργίου', 'Georgiou'], f: ['Γεωργίου', 'Georgiou'] },
  { m: ['Νικολαΐδης', 'Nikolaidis'], f: ['Νικολαΐδου', 'Nikolaidou'] },
  { m: ['Βλάχος', 'Vlachos'], f: ['Βλάχου', 'Vlachou'] },
  { m: ['Μακρής', 'Makris'], f: ['Μακρή', 'Makri'] },
  { m: ['Αντωνίου', 'Antoniou'], f: ['Αντωνίου', 'Antoniou'] },
  { m: ['Ιωάννου', 'Ioannou'], f: ['Ιωάννου', 'Ioannou'] },
  { m: ['Σταύρου', 'Stavrou'], f: ['Σταύρου', 'Stavrou'] },
];
/** A Russian name in Cyrillic beside a Latin name for the person that is no letter-by-letter romanisation: a short form romanised, or the name in another language. */
const RU_LOOSE_LATIN: [string, string, Gender][] = [
  ['Александр', 'Sasha', 'm'],
  ['Дмитрий', 'Dima', 'm'],
  ['Евгений', 'Eugene', 'm'],
  ['Евгений', 'Zhenya', 'm'],
  ['Иван', 'John', 'm'],
  ['Пётр', 'Peter', 'm'],
  ['Павел', 'Paul', 'm'],
  ['Михаил', 'Misha', 'm'],
  ['Николай', 'Nicholas', 'm'],
  ['Андрей', 'Andrew', 'm'],
  ['Мария', 'Mary', 'f'],
  ['Елена', 'Helen', 'f'],
  ['Екатерина', 'Kate', 'f'],
  ['Екатерина', 'Katya', 'f'],
  ['Наталья', 'Natasha', 'f'],
];
const katakana = (s: string) => s.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

/** Given and family names of many origins, none a short form or a prefix of another. */
const INTL_GIVEN = [
  'Jane',
  'Priya',
  'Olumide',
  'Sofia',
  'Hiroshi',
  'Maria',
  'Elena',
  'Laura',
  'David',
  'Rahul',
  'Fatima',
  'Kwame',
  'Ingrid',
  'Lucas',
  'Amara',
  'Tomasz',
  'Aisha',
  'Miguel',
  'Nadia',
  'Wen',
  'Siobhan',
  'Henrik',
  'Beatriz',
  'Gareth',
];
const INTL_FAMILY = [
  'Doe',
  'Raman',
  'Adeyemi',
  'Rossi',
  'Tanaka',
  'Gonzalez',
  'Hassan',
  'Novak',
  'Okafor',
  'Lindqvist',
  'Kowalczyk',
  'Mensah',
  'Brennan',
  'Haddad',
  'Fischer',
  'Moreau',
  'Choi',
  'Banerjee',
  'Ferreira',
  'Oyelaran',
];
/** Family names that are the same for every member of a family (no gendered endings). */
const INVARIANT_FAMILY = [
  'Kim',
  'Lee',
  'Park',
  'Nguyen',
  'Tran',
  'Garcia',
  'Lopez',
  'Müller',
  'Rossi',
  'Cohen',
  'Levi',
  'Smith',
  'Brown',
  'Silva',
  'Costa',
  'Dubois',
  'Jensen',
  'Berg',
];
const DEGREES = [', PhD', ', MD', ' MD', ', M.D.', ', Esq.', ', MBA', ', CPA', ' RN', ', DDS', ', Ph.D.', ', M.D., Ph.D.', ', DVM', ', MSc'];
const US_GIVEN_M = ['John', 'Michael', 'Robert', 'William', 'Richard', 'Thomas', 'Charles', 'George', 'Edward', 'Henry', 'Frank', 'Raymond', 'Carlos', 'Luis'];
const US_FAMILY = [
  'Smith',
  'Johnson',
  'Williams',
  'Jones',
  'Miller',
  'Davis',
  'Wilson',
  'Moore',
  'Clark',
  'Hall',
  'Young',
  'King',
  'Wright',
  'Baker',
  'Nelson',
  'Hill',
  'Scott',
  'Green',
  'Adams',
  'Ramirez',
];
const MOTHERS = ['Mary', 'Susan', 'Linda', 'Karen', 'Patricia', 'Barbara', 'Nancy', 'Carol', 'Janet', 'Deborah', 'Sharon', 'Laura', 'Michelle', 'Donna', 'Ann'];
/** Maiden names that are given names too: the daughter is named after her mother's family. */
const MAIDEN_GIVEN = [
  'Taylor',
  'Morgan',
  'Kelly',
  'Madison',
  'Campbell',
  'Kennedy',
  'Parker',
  'Quinn',
  'Harper',
  'Sydney',
  'Mackenzie',
  'Riley',
  'Reagan',
  'Spencer',
  'Carter',
  'Kim',
];
/** A short form both a man and a woman are called by, and a full name of a relative it shortens. */
const UNISEX_PAIRS: [string, string][] = [
  ['Alex', 'Alexandra'],
  ['Alex', 'Alexander'],
  ['Sasha', 'Alexandra'],
  ['Sam', 'Samuel'],
  ['Sam', 'Samantha'],
  ['Chris', 'Christina'],
  ['Chris', 'Christopher'],
  ['Chris', 'Christine'],
  ['Pat', 'Patricia'],
  ['Pat', 'Patrick'],
  ['Jamie', 'James'],
  ['Max', 'Maximilian'],
  ['Val', 'Valerie'],
  ['Jackie', 'Jacqueline'],
  ['Charlie', 'Charles'],
  ['Nicky', 'Nicholas'],
  ['Kris', 'Kristina'],
  ['Sammy', 'Samuel'],
];
const UNISEX_PAIRS_CYR: [string, string][] = [
  ['Саша', 'Александра'],
  ['Саша', 'Александр'],
  ['Шура', 'Александра'],
  ['Шура', 'Александр'],
  ['Женя', 'Евгения'],
  ['Женя', 'Евгений'],
  ['Валя', 'Валентина'],
  ['Валя', 'Валентин'],
  ['Слава', 'Ярослав'],
  ['Слава', 'Вячеслав'],
];
/** Cyrillic and Latin given names of two people of a family that romanise into each other only with a slip or a short form. */
const NEAR_CROSS_SCRIPT: [string, Gender, string, Gender][] = [
  ['Олег', 'm', 'Olga', 'f'],
  ['Ольга', 'f', 'Oleg', 'm'],
  ['Александр', 'm', 'Alexandra', 'f'],
  ['Александра', 'f', 'Alexander', 'm'],
  ['Евгения', 'f', 'Evgeny', 'm'],
  ['Евгений', 'm', 'Evgenia', 'f'],
  ['Иван', 'm', 'Ivana', 'f'],
  ['Юрий', 'm', 'Yulia', 'f'],
  ['Юлия', 'f', 'Yuri', 'm'],
  ['Мария', 'f', 'Marina', 'f'],
  ['Марина', 'f', 'Maria', 'f'],
  ['Ирина', 'f', 'Arina', 'f'],
  ['Валентин', 'm', 'Valentina', 'f'],
  ['Валентина', 'f', 'Valentin', 'm'],
  ['Виктор', 'm', 'Viktoria', 'f'],
  ['Ярослав', 'm', 'Yaroslava', 'f'],
  ['Станислав', 'm', 'Stanislava', 'f'],
];
/** Two names in Latin of two people, near in spelling (the docs' Maria / Marina, Ivan / Ian, Anna / Ana). */
const NEAR_LATIN: [string, string][] = [
  ['Maria', 'Marina'],
  ['Ivan', 'Ian'],
  ['Anna', 'Ana'],
  ['Irina', 'Arina'],
  ['Alina', 'Alena'],
  ['Olena', 'Olga'],
  ['Andrea', 'Andrey'],
  ['Oksana', 'Olesya'],
];
const DUTCH_GIVEN = [
  'Jan',
  'Pieter',
  'Sanne',
  'Willem',
  'Daan',
  'Lotte',
  'Femke',
  'Bram',
  'Joost',
  'Maarten',
  'Eva',
  'Anouk',
  'Thijs',
  'Ruud',
  'Marieke',
  'Gerrit',
];
const DUTCH_FAMILY = [
  'Berg',
  'Meer',
  'Linden',
  'Heijden',
  'Velde',
  'Wal',
  'Veen',
  'Laan',
  'Sluis',
  'Ploeg',
  'Burg',
  'Werf',
  'Poel',
  'Molen',
  'Bosch',
  'Broek',
  'Heuvel',
  'Brink',
];
const ARABIC_GIVEN = [
  'Omar',
  'Khalid',
  'Youssef',
  'Fatima',
  'Layla',
  'Hassan',
  'Tariq',
  'Karim',
  'Nadia',
  'Samir',
  'Rania',
  'Yasmin',
  'Mahmoud',
  'Hamza',
  'Salma',
  'Ziad',
];
const ARABIC_FAMILY = [
  'Rashid',
  'Masri',
  'Sayed',
  'Amin',
  'Hashimi',
  'Farsi',
  'Najjar',
  'Mansour',
  'Khatib',
  'Qasim',
  'Hakim',
  'Zahrani',
  'Ghamdi',
  'Otaibi',
  'Shamsi',
];

/** Two different elements of xs. */
function two<T>(r: Rng, xs: readonly T[]): [T, T] {
  const a = int(r, 0, xs.length - 1);
  let b = int(r, 0, xs.length - 2);
  if (b >= a) b++;
  return [xs[a], xs[b]];
}
const initial = (r: Rng) => String.fromCharCode(65 + int(r, 0, 25));
const ruFam = (f: RuFamily, g: Gender) => (g === 'm' ? f.m : f.f);

// --- forms ------------------------------------------------------------------------------------------------

type Side = 'merge' | 'apart';
type Evidence = 'mobile' | 'mobile+landline' | 'two_cards' | 'email' | 'two_mobiles' | 'landline' | 'landline+mail';
interface Form {
  side: Side;
  plan: PlanName;
  /** Names the docs' claim covers in words, that names.ts does not list. */
  beyond?: true;
  evidence?: Evidence[];
  /** The two names: one person's two forms (merge), or two people's names (apart). */
  names: (r: Rng) => [string, string];
}

/** Pairs of names that are each other with two neighbouring letters swapped. */
const SWAPPED_NAMES: [string, string][] = [
  ['Clara', 'Carla'],
  ['Nina', 'Inna'],
  ['Elise', 'Elsie'],
  ['Eliana', 'Elaina'],
  ['Aila', 'Alia'],
  ['Maira', 'Maria'],
  ['Nael', 'Neal'],
  ['Raina', 'Riana'],
  ['Eliane', 'Elaine'],
  ['Jaime', 'Jamie'],
];

const MERGE_EVIDENCE: Evidence[] = ['mobile', 'mobile+landline', 'two_cards', 'email'];
const APART_EVIDENCE: Evidence[] = ['landline', 'landline+mail'];

/** Russian short form (or the short form alone) beside the full name. */
const shortForm =
  (table: [string, string[], Gender][]) =>
  (r: Rng): [string, string] => {
    const [full, shorts, g] = pick(r, table);
    const fam = ruFam(pick(r, RU_FAMILY), g)[0];
    return [chance(r, 0.8) ? `${pick(r, shorts)} ${fam}` : pick(r, shorts), `${full} ${fam}`];
  };

const greekForms =
  (table: string[][]) =>
  (r: Rng): [string, string] => {
    const g = pick(r, table);
    // A woman's family name takes its feminine form (Papadopoulou).
    const fam = /[ai]$/.test(g[0]) ? pick(r, GREEK_FAMILY).f[1] : pick(r, GR_FAMILY);
    const everyday = pick(r, g.slice(1));
    return [
      `${
        chance(r, 0.8)
          ? g[0]
          : pick(
              r,
              g.filter((x) => x !== everyday),
            )
      } ${fam}`,
      `${everyday} ${fam}`,
    ];
  };

const ukrainianForms =
  (table: [string[], string[]][]) =>
  (r: Rng): [string, string] => {
    const [ru, ua] = pick(r, table);
    const fam = pick(r, UA_FAMILY_LAT);
    return [`${pick(r, ru)} ${fam}`, `${pick(r, ua)} ${fam}`];
  };

/** Two Latin spellings of one Russian given name, the family name the same. */
const romanisations =
  (table: RuGiven[]) =>
  (r: Rng): [string, string] => {
    const g = pick(r, table);
    const [l1, l2] = two(r, g.lat);
    const fam = ruFam(pick(r, RU_FAMILY), g.g)[1];
    return [`${l1} ${fam}`, `${l2} ${fam}`];
  };

const FORMS: Record<string, Form> = {
  // --- must merge ---
  degrees_after_name: {
    side: 'merge',
    plan: 'US',
    names: (r) => {
      const g = pick(r, INTL_GIVEN);
      const f = pick(r, INTL_FAMILY);
      const a = `${chance(r, 0.3) ? pick(r, ['Dr. ', 'Prof. ']) : ''}${g} ${f}${pick(r, DEGREES)}`;
      const b = pick(r, [`${g} ${f}`, `${f}, ${g}`, `${g} ${initial(r)}. ${f}`, `Dr. ${g} ${f}`, `${g} ${f}${pick(r, DEGREES)}`]);
      return [a, b];
    },
  },
  bracketed_nickname: {
    side: 'merge',
    plan: 'US',
    names: (r) => {
      if (chance(r, 0.15)) {
        // The same given name with two bracketed words (Elizabeth (Betsy) Jones / Elizabeth (Liz) Jones).
        const [s1, s2] = pick(r, PINYIN_GIVEN);
        const [n1, n2] = two(r, ENGLISH_NICKS);
        const f = pick(r, PINYIN_FAMILY);
        return [`${s1}${s2} (${n1}) ${f}`, `${s1}${s2} (${n2}) ${f}`];
      }
      if (chance(r, 0.25)) {
        const [full, pet] = pick(r, WESTERN_NICKS);
        const f = pick(r, US_FAMILY);
        return [`${full} (${pet}) ${f}`, pick(r, [`${pet} ${f}`, `${full} ${f}`, `${pet} ${initial(r)} ${f}`])];
      }
      const [s1, s2] = pick(r, PINYIN_GIVEN);
      const given = s1 + s2;
      const nick = pick(r, ENGLISH_NICKS);
      const f = pick(r, PINYIN_FAMILY);
      return [`${given} (${nick}) ${f}`, pick(r, [`${nick} ${f}`, `${given} ${f}`, `${nick} ${initial(r)} ${f}`, `${given} ${initial(r)} ${f}`])];
    },
  },
  hyphenated_given_korean: {
    side: 'merge',
    plan: 'KR',
    names: (r) => {
      const [s1, s2] = pick(r, KOREAN_GIVEN);
      const f = pick(r, KOREAN_FAMILY);
      return chance(r, 0.5) ? [`${f} ${s1}-${s2}`, `${s1}${s2} ${f}`] : [`${s1}-${s2} ${f}`, `${f} ${s1}${s2}`];
    },
  },
  hyphenated_given_chinese: {
    side: 'merge',
    plan: 'CN',
    names: (r) => {
      const [s1, s2] = pick(r, PINYIN_GIVEN);
      const f = pick(r, PINYIN_FAMILY);
      const hy = `${s1}-${chance(r, 0.5) ? s2[0].toUpperCase() + s2.slice(1) : s2}`;
      return [pick(r, [`${f}, ${hy}`, `${f} ${hy}`]), `${s1}${s2} ${f}`];
    },
  },
  cyrillic_short_form: { side: 'merge', plan: 'RU', names: shortForm(RU_SHORT) },
  cyrillic_short_form_beyond: { side: 'merge', plan: 'RU', beyond: true, names: shortForm(RU_SHORT_OTHER) },
  han_given_alone: {
    side: 'merge',
    plan: 'CN',
    names: (r) => {
      const g = pick(r, HAN_GIVEN);
      return [g, `${pick(r, HAN_FAMILY)}${g}`];
    },
  },
  hangul_given_alone: {
    side: 'merge',
    plan: 'KR',
    names: (r) => {
      const g = pick(r, HANGUL_GIVEN);
      return [g, `${pick(r, HANGUL_FAMILY)}${g}`];
    },
  },
  japanese_given_alone: {
    side: 'merge',
    plan: 'JP',
    names: (r) => {
      const [gk, gr] = pick(r, JA_GIVEN);
      const g = gk.length >= 2 ? gk : gr; // one kanji alone is no given name to go by
      return [g, `${pick(r, JA_FAMILY)[0]}${g}`];
    },
  },
  kana_kanji: {
    side: 'merge',
    plan: 'JP',
    names: (r) => {
      const [fk, fr] = pick(r, JA_FAMILY);
      const [gk, gr] = pick(r, JA_GIVEN);
      const kana = chance(r, 0.35) ? `${katakana(fr)} ${katakana(gr)}` : `${fr} ${gr}`;
      // Katakana is compared as hiragana (ヤマダ タロウ / やまだ たろう).
      if (chance(r, 0.2)) return [`${katakana(fr)} ${katakana(gr)}`, `${fr} ${gr}`];
      return [chance(r, 0.7) ? `${fk} ${gk}` : `${fk}${gk}`, kana];
    },
  },
  half_cyrillic: {
    side: 'merge',
    plan: 'RU',
    names: (r) => {
      const g = ruGiven(r);
      const [famC, famL] = ruFam(pick(r, RU_FAMILY), g.g);
      const lat = pick(r, g.lat);
      if (chance(r, 0.6)) return [`${lat} ${famC}`, chance(r, 0.5) ? `${g.cyr} ${famC}` : `${lat} ${famL}`];
      return [`${g.cyr} ${famL}`, chance(r, 0.5) ? `${g.cyr} ${famC}` : `${lat} ${famL}`];
    },
  },
  particles_dutch: {
    side: 'merge',
    plan: 'NL',
    names: (r) => {
      const g = pick(r, DUTCH_GIVEN);
      const f = pick(r, DUTCH_FAMILY);
      const [p, q] = two(r, ['van der', 'van den', 'vd']);
      return [`${g} ${p} ${f}`, `${g} ${q} ${f}`];
    },
  },
  particles_arabic: {
    side: 'merge',
    plan: 'AE',
    names: (r) => {
      const f = pick(r, ARABIC_FAMILY);
      if (chance(r, 0.3)) {
        const [b1, b2] = chance(r, 0.5) ? ['bin', 'ibn'] : ['ibn', 'bin'];
        const father = pick(
          r,
          ARABIC_GIVEN.filter((x) => x !== 'Fatima' && x !== 'Layla' && x !== 'Nadia' && x !== 'Rania' && x !== 'Yasmin' && x !== 'Salma'),
        );
        const g = pick(r, ['Khalid', 'Omar', 'Hamza', 'Tariq', 'Karim']);
        return [`${g} ${b1} ${father}`, `${g} ${b2} ${father}`];
      }
      const [a1, a2] = chance(r, 0.5) ? ['Al-', 'El-'] : ['El-', 'al-'];
      if (chance(r, 0.3)) {
        const [g1, g2] = two(r, ['Ahmed', 'Ahmad', 'Ahmet']);
        return [`${g1} ${a1}${f}`, `${g2} ${a2}${f}`];
      }
      const g = pick(r, ARABIC_GIVEN);
      return [`${g} ${a1}${f}`, `${g} ${a2}${f}`];
    },
  },
  // The docs: "both must spell a full name of the short-form list exactly".
  russian_latin_romanisations: {
    side: 'merge',
    plan: 'RU',
    names: romanisations(RU_GIVEN.filter((x) => x.lat.length > 1 && RU_SHORT.some(([full]) => full === x.cyr))),
  },
  russian_latin_romanisations_beyond: { side: 'merge', plan: 'RU', beyond: true, names: romanisations(RU_GIVEN_UNLISTED) },
  latin_cyrillic_exact: {
    side: 'merge',
    plan: 'RU',
    names: (r) => {
      const g = ruGiven(r);
      const [famC, famL] = ruFam(pick(r, RU_FAMILY), g.g);
      return [`${pick(r, g.lat)} ${famL}`, `${g.cyr} ${famC}`];
    },
  },
  latin_cyrillic_exact_two_mobiles: {
    side: 'merge',
    plan: 'RU',
    evidence: ['two_mobiles'],
    names: (r) => {
      const g = ruGiven(r);
      const [famC, famL] = ruFam(pick(r, RU_FAMILY), g.g);
      return [`${pick(r, g.lat)} ${famL}`, `${g.cyr} ${famC}`];
    },
  },
  latin_greek_exact: {
    side: 'merge',
    plan: 'GR',
    evidence: [...MERGE_EVIDENCE, 'two_mobiles'],
    names: (r) => {
      const [gg, gl, g] = pick(r, GREEK_GIVEN);
      const [fg, fl] = pick(r, GREEK_FAMILY)[g];
      return [`${pick(r, gl)} ${fl}`, `${gg} ${fg}`];
    },
  },
  half_greek: {
    side: 'merge',
    plan: 'GR',
    names: (r) => {
      const [gg, gl, g] = pick(r, GREEK_GIVEN);
      const [fg, fl] = pick(r, GREEK_FAMILY)[g];
      const lat = pick(r, gl);
      return [`${lat} ${fg}`, chance(r, 0.5) ? `${gg} ${fg}` : `${lat} ${fl}`];
    },
  },
  cyrillic_latin_loose: {
    side: 'merge',
    plan: 'RU',
    names: (r) => {
      const [cyr, lat, g] = pick(r, RU_LOOSE_LATIN);
      const [famC, famL] = ruFam(pick(r, RU_FAMILY), g);
      return [`${cyr} ${famC}`, chance(r, 0.2) ? lat : `${lat} ${famL}`];
    },
  },
  cjk_latin: {
    side: 'merge',
    plan: 'KR',
    names: (r) => {
      const k = int(r, 0, 2);
      if (k === 0) {
        const f = pick(r, HAN_FAMILY);
        const g = pick(r, HAN_GIVEN);
        return [`${f}${g}`, chance(r, 0.5) ? `${ROMAN[f]} ${ROMAN[g]}` : `${ROMAN[g]} ${ROMAN[f]}`];
      }
      if (k === 1) {
        const f = pick(r, HANGUL_FAMILY);
        const g = pick(r, HANGUL_GIVEN);
        return [`${f}${g}`, chance(r, 0.5) ? `${ROMAN[f]} ${ROMAN[g]}` : `${ROMAN[g]} ${ROMAN[f]}`];
      }
      const [f] = pick(r, JA_FAMILY);
      const [g] = pick(r, JA_GIVEN);
      return [chance(r, 0.5) ? `${f} ${g}` : `${f}${g}`, `${ROMAN[g]} ${ROMAN[f]}`];
    },
  },
  generation_suffix_one_person: {
    side: 'merge',
    plan: 'US',
    names: (r) => {
      const base = `${pick(r, US_GIVEN_M)} ${pick(r, US_FAMILY)}`;
      return [base, `${base}${pick(r, [' Jr', ' Jr.', ', Jr.', ' II', ' Sr.'])}`];
    },
  },
  unisex_short_form_one_person: {
    side: 'merge',
    plan: 'US',
    names: (r) => {
      const [sh, full] = pick(r, UNISEX_PAIRS);
      const f = pick(r, INVARIANT_FAMILY);
      return [`${sh} ${f}`, `${full} ${f}`];
    },
  },
  greek_latin_forms: { side: 'merge', plan: 'GR', names: greekForms(GR_GROUPS) },
  greek_latin_forms_beyond: { side: 'merge', plan: 'GR', beyond: true, names: greekForms(GR_GROUPS_OTHER) },
  ukrainian_latin_forms: { side: 'merge', plan: 'UA', names: ukrainianForms(UA_GROUPS) },
  ukrainian_latin_forms_beyond: { side: 'merge', plan: 'UA', beyond: true, names: ukrainianForms(UA_GROUPS_OTHER) },

  // --- must stay apart: two people of a family, a mobile each, on their landline ---
  latin_cyrillic_two_names: {
    side: 'apart',
    plan: 'RU',
    names: (r) => {
      const fam = pick(r, RU_FAMILY);
      const a = ruGiven(r);
      let b = ruGiven(r);
      while (b.cyr === a.cyr) b = ruGiven(r);
      const latin = `${pick(r, a.lat)} ${ruFam(fam, a.g)[1]}`;
      const cyr = chance(r, 0.25) ? b.cyr : `${b.cyr} ${ruFam(fam, b.g)[0]}`;
      return [latin, cyr];
    },
  },
  latin_cyrillic_near_names: {
    side: 'apart',
    plan: 'RU',
    names: (r) => {
      const [c, cg, l, lg] = pick(r, NEAR_CROSS_SCRIPT);
      const fam = pick(r, RU_FAMILY);
      if (chance(r, 0.2)) return [c, l];
      return [`${c} ${ruFam(fam, cg)[0]}`, `${l} ${ruFam(fam, lg)[1]}`];
    },
  },
  latin_greek_two_names: {
    side: 'apart',
    plan: 'GR',
    names: (r) => {
      const fam = pick(r, GREEK_FAMILY);
      const [[, al, ax], [bg, , bx]] = two(r, GREEK_GIVEN);
      return [`${pick(r, al)} ${fam[ax][1]}`, chance(r, 0.25) ? bg : `${bg} ${fam[bx][0]}`];
    },
  },
  half_cyrillic_two_names: {
    side: 'apart',
    plan: 'RU',
    names: (r) => {
      const fam = pick(r, RU_FAMILY);
      const a = ruGiven(r);
      let b = ruGiven(r);
      while (b.cyr === a.cyr) b = ruGiven(r);
      return [`${pick(r, a.lat)} ${ruFam(fam, a.g)[0]}`, `${b.cyr} ${ruFam(fam, b.g)[0]}`];
    },
  },
  bracketed_same_nickname: {
    side: 'apart',
    plan: 'US',
    names: (r) => {
      const [g1, g2] = two(r, PINYIN_SHORT_GIVEN);
      const nick = pick(r, ENGLISH_NICKS);
      const f = pick(r, PINYIN_FAMILY);
      return [`${g1} (${nick}) ${f}`, `${g2} (${nick}) ${f}`];
    },
  },
  bracketed_maiden_name: {
    side: 'apart',
    plan: 'US',
    names: (r) => {
      const maiden = pick(r, MAIDEN_GIVEN);
      const f = pick(r, US_FAMILY);
      return [`${pick(r, MOTHERS)} (${maiden}) ${f}`, `${maiden} ${f}`];
    },
  },
  unisex_short_form_latin: {
    side: 'apart',
    plan: 'US',
    names: (r) => {
      const [s, full] = pick(r, UNISEX_PAIRS);
      const f = pick(r, INVARIANT_FAMILY);
      return [`${s} ${f}`, `${full} ${f}`];
    },
  },
  unisex_short_form_cyrillic: {
    side: 'apart',
    plan: 'UA',
    names: (r) => {
      const [s, full] = pick(r, UNISEX_PAIRS_CYR);
      const f = pick(r, CYR_FAMILY_INVARIANT);
      return [`${s} ${f}`, `${full} ${f}`];
    },
  },
  generation_suffix: {
    side: 'apart',
    plan: 'US',
    names: (r) => {
      const base = `${pick(r, US_GIVEN_M)} ${pick(r, US_FAMILY)}`;
      const [father, son] = pick(r, [
        ['', ' Jr'],
        ['', ' Jr.'],
        ['', ', Jr.'],
        ['', ' II'],
        ['', ' Junior'],
        [' Sr.', ' Jr.'],
        [' Sr', ' Jr'],
        [' Senior', ' Junior'],
      ]);
      return [`${base}${father}`, `${base}${son}`];
    },
  },
  uncompared_scripts: {
    side: 'apart',
    plan: 'JP',
    names: (r) => {
      if (chance(r, 0.3)) {
        // Korean: the father in Hangul, his daughter in Latin (the numbers are Japanese: it is the shared
        // landline that matters here, not the country).
        const [i, j] = two(r, [...KOREAN_GIVEN.keys()]);
        const [fh, fl] = pick(r, [
          ['김', 'Kim'],
          ['이', 'Lee'],
          ['박', 'Park'],
        ]);
        return [`${fh}${HANGUL_GIVEN[i]}`, `${fl} ${KOREAN_GIVEN[j].join('')}`];
      }
      const [fk, fr] = pick(r, JA_FAMILY);
      const [[gk], [gk2, gr2]] = two(r, JA_GIVEN);
      if (chance(r, 0.25)) return [`${fk} ${gk}`, `${ROMAN[gk2]} ${ROMAN[fk]}`]; // her name in Latin
      const other = chance(r, 0.7) ? `${fr} ${gr2}` : `${katakana(fr)} ${katakana(gr2)}`;
      return [`${fk} ${gk}`, other];
    },
  },
  hyphenated_siblings: {
    side: 'apart',
    plan: 'KR',
    names: (r) => {
      const [s1, a, b] = pick(r, KOREAN_SIBLINGS);
      const f = pick(r, KOREAN_FAMILY);
      return [`${f} ${s1}-${a}`, chance(r, 0.5) ? `${f} ${s1}-${b}` : `${s1}${b} ${f}`];
    },
  },
  given_alone_other_person: {
    side: 'apart',
    plan: 'CN',
    names: (r) => {
      const k = int(r, 0, 2);
      if (k === 0) {
        const [g1, g2] = two(r, HAN_GIVEN);
        return [g2, `${pick(r, HAN_FAMILY)}${g1}`];
      }
      if (k === 1) {
        const [g1, g2] = two(r, HANGUL_GIVEN);
        return [g2, `${pick(r, HANGUL_FAMILY)}${g1}`];
      }
      const [[g1], [g2]] = two(
        r,
        JA_GIVEN.filter(([k]) => k.length >= 2),
      );
      return [g2, `${pick(r, JA_FAMILY)[0]}${g1}`];
    },
  },
  cyrillic_short_forms_two_people: {
    side: 'apart',
    plan: 'RU',
    names: (r) => {
      const fam = pick(r, RU_FAMILY);
      for (;;) {
        const [[f1, s1, g1], [f2, s2, g2]] = two(r, RU_SHORT);
        const n1 = chance(r, 0.6) ? pick(r, s1) : f1;
        const n2 = chance(r, 0.6) ? pick(r, s2) : f2;
        // Two people: another full name, and not one short form both are called by (Саша, Слава).
        if (f1 === f2 || s1.some((s) => s2.includes(s))) continue;
        return [`${n1} ${ruFam(fam, g1)[0]}`, `${n2} ${ruFam(fam, g2)[0]}`];
      }
    },
  },
  latin_forms_two_people: {
    side: 'apart',
    plan: 'UA',
    names: (r) => {
      if (chance(r, 0.4)) {
        const [g1, g2] = two(r, GR_GROUPS);
        const f = pick(r, GR_FAMILY);
        return [`${pick(r, g1)} ${f}`, `${pick(r, g2)} ${f}`];
      }
      const [a, b] = pick(r, NEAR_LATIN);
      const f = pick(r, UA_FAMILY_LAT);
      return [`${a} ${f}`, `${b} ${f}`];
    },
  },
  swapped_letters_slip: {
    // One person's name with a slip in one card: two neighbouring letters swapped inside the word.
    side: 'merge',
    plan: 'US',
    names: (r) => {
      for (;;) {
        const g = pick(r, [...US_GIVEN_M, ...INTL_GIVEN]);
        if (g.length < 5) continue;
        const i = int(r, 1, g.length - 4);
        const slip = g.slice(0, i) + g[i + 1] + g[i] + g.slice(i + 2);
        if (slip === g) continue;
        const f = pick(r, INTL_FAMILY);
        return chance(r, 0.5) ? [`${g} ${f}`, `${slip} ${f}`] : [`${slip} ${f}`, `${g} ${f}`];
      }
    },
  },
  degrees_two_people: {
    side: 'apart',
    plan: 'US',
    names: (r) => {
      const f = pick(r, INTL_FAMILY);
      if (chance(r, 0.25)) {
        const g = pick(r, US_GIVEN_M);
        return [`${g} ${f} Jr.${pick(r, DEGREES)}`, `${g} ${f} Sr.`];
      }
      const [g1, g2] = two(r, INTL_GIVEN);
      return [`${g1} ${f}${pick(r, DEGREES)}`, `${g2} ${f}${pick(r, DEGREES)}`];
    },
  },
  swapped_letters_two_people: {
    // Two names that are each other with two neighbouring letters swapped: sisters, a brother and a sister.
    side: 'apart',
    plan: 'US',
    names: (r) => {
      const [a, b] = pick(r, SWAPPED_NAMES);
      const f = pick(r, INTL_FAMILY);
      return chance(r, 0.5) ? [`${a} ${f}`, `${b} ${f}`] : [`${b} ${f}`, `${a} ${f}`];
    },
  },
  particles_two_people: {
    side: 'apart',
    plan: 'NL',
    names: (r) => {
      if (chance(r, 0.5)) {
        const [g1, g2] = two(r, DUTCH_GIVEN);
        const f = pick(r, DUTCH_FAMILY);
        const [p, q] = [pick(r, ['van der', 'van den', 'vd']), pick(r, ['van der', 'van den', 'vd'])];
        return [`${g1} ${p} ${f}`, `${g2} ${q} ${f}`];
      }
      const [g1, g2] = two(r, ARABIC_GIVEN);
      const f = pick(r, ARABIC_FAMILY);
      return [`${g1} ${pick(r, ['Al-', 'El-', 'al-'])}${f}`, `${g2} ${pick(r, ['Al-', 'El-', 'al-'])}${f}`];
    },
  },
};

// --- books ------------------------------------------------------------------------------------------------

interface Case {
  form: string;
  side: Side;
  evidence: Evidence;
  a: string;
  b: string;
  /** Book-wide indexes of the case's two entries (a's, b's). */
  entries: [number, number];
}

interface Upload {
  source: SourceInput;
  entries: EntryInput[];
  /** Per entry: its case and whether it is the case's first (a) or second (b) entry. */
  tags: [number, 0 | 1][];
}

/** A book of `plan`'s country: its owner's mail account and phones, and the cases' entries in them. */
function bookOf(r: Rng, plan: Plan, forms: string[], id: string): { uploads: Upload[]; cases: Case[] } {
  const taken = new Set<string>();
  const fresh = (make: (r: Rng) => string) => {
    let n = make(r);
    while (taken.has(n)) n = make(r);
    taken.add(n);
    return n;
  };
  const owner = fresh(plan.mobile);
  const gmail: Upload = { source: { type: 'gmail', email: `owner.${id.replace(/\W/g, '')}@gmail.com` }, entries: [], tags: [] };
  const ios: Upload = { source: { type: 'ios', phone: plan.intl(owner) }, entries: [], tags: [] };
  // A second phone of the owner (another source, the region known from its number as well).
  const android: Upload = { source: { type: 'android', phone: `+${plan.cc}${fresh(plan.mobile)}` }, entries: [], tags: [] };
  const cases: Case[] = [];
  forms.forEach((form, k) => {
    const f = FORMS[form];
    const [x, y] = f.names(r);
    // Which card holds which form is chance: the rules must not depend on it.
    const [a, b] = chance(r, 0.5) ? [x, y] : [y, x];
    const evidence = pick(r, f.evidence ?? (f.side === 'merge' ? MERGE_EVIDENCE : APART_EVIDENCE));
    const c = cases.length;
    cases.push({ form, side: f.side, evidence, a, b, entries: [-1, -1] });
    const handle = `${id.replace(/\W/g, '')}.${k}`;
    const mail = `${handle}@${pick(r, plan.domains)}`;
    const add = (u: Upload, e: EntryInput, which: 0 | 1) => {
      u.entries.push(e);
      u.tags.push([c, which]);
    };
    const mob = fresh(plan.mobile);
    switch (evidence) {
      case 'mobile': // the mail account's card and the phone's, on one mobile
      case 'mobile+landline': // ... the phone's card also holding the home landline
        add(gmail, { name: a, email: mail, phone: plan.intl(mob) }, 0);
        add(ios, { name: b, phones: evidence === 'mobile' ? [plan.national(mob)] : [plan.national(mob), plan.national(fresh(plan.landline))] }, 1);
        break;
      case 'two_cards': // two phones' cards of one mobile
        add(ios, { name: a, phone: plan.intl(mob) }, 0);
        add(android, { name: b, phones: [plan.national(mob)] }, 1);
        break;
      case 'email': // one address, each card with an address or number of its own
        add(gmail, { name: a, emails: [mail, `${handle}.work@${pick(r, ['acme.example', 'globex.example', 'initech.example'])}`] }, 0);
        add(ios, { name: b, email: mail, phone: plan.national(mob) }, 1);
        break;
      case 'two_mobiles': {
        // One person with a mobile on each card and the home landline on both.
        const land = fresh(plan.landline);
        add(ios, { name: a, phones: [plan.intl(mob), plan.intl(land)] }, 0);
        add(android, { name: b, phones: [plan.national(fresh(plan.mobile)), plan.national(land)] }, 1);
        break;
      }
      case 'landline': // two people of a family, each card with a mobile of its own, on the landline
      case 'landline+mail': {
        const land = fresh(plan.landline);
        const other = fresh(plan.mobile);
        if (evidence === 'landline') add(ios, { name: a, phones: [plan.national(mob), plan.national(land)] }, 0);
        else add(gmail, { name: a, email: mail, phones: [plan.intl(mob), plan.intl(land)] }, 0);
        add(chance(r, 0.5) ? ios : android, { name: b, phones: [plan.national(other), plan.national(land)] }, 1);
        break;
      }
    }
  });
  return { uploads: [gmail, ios, android], cases };
}

// --- scoring ----------------------------------------------------------------------------------------------

export interface FormScore {
  side: Side;
  beyond: boolean;
  pairs: number;
  /** Merged (must merge) or kept apart (must stay apart). */
  right: number;
  examples: string[];
}

export interface NameFormsScore {
  books: number;
  entries: number;
  mergePairs: number;
  merged: number;
  listedMergePairs: number;
  listedMerged: number;
  apartPairs: number;
  keptApart: number;
  /** People (one per must-merge case, two per must-stay-apart case) none of whose entries is listed. */
  people: number;
  dropped: number;
  /** Contacts holding entries of two cases or more (a merge across cases). */
  crossCase: number;
  /** Cases whose shared number or address keyed differently on the two cards (not scored). */
  evidenceBroken: number;
  byForm: Map<string, FormScore>;
}

const MARK = 'eval-names:';

/**
 * Generates `pairsPerForm` cases of every form, in books of their countries (a dozen cases a book, forms
 * mixed), cleans each book as the service does and scores every case.
 */
export function evaluateNameForms(seed: number, pairsPerForm: number): NameFormsScore {
  const s: NameFormsScore = {
    books: 0,
    entries: 0,
    mergePairs: 0,
    merged: 0,
    listedMergePairs: 0,
    listedMerged: 0,
    apartPairs: 0,
    keptApart: 0,
    people: 0,
    dropped: 0,
    crossCase: 0,
    evidenceBroken: 0,
    byForm: new Map(),
  };
  for (const [form, f] of Object.entries(FORMS)) s.byForm.set(form, { side: f.side, beyond: f.beyond === true, pairs: 0, right: 0, examples: [] });
  for (const planName of Object.keys(PLANS) as PlanName[]) {
    const plan: Plan = PLANS[planName];
    const r = rng(hash(`${seed}:names:${planName}`));
    const forms = shuffle(
      r,
      Object.keys(FORMS)
        .filter((k) => FORMS[k].plan === planName)
        .flatMap((k) => Array.from({ length: pairsPerForm }, () => k)),
    );
    for (let at = 0, b = 0; at < forms.length; b++) {
      const size = int(r, 8, 16);
      const id = `${planName.toLowerCase()}${b}`;
      scoreBook(s, bookOf(rng(hash(`${seed}:names:${id}`)), plan, forms.slice(at, at + size), id));
      at += size;
      s.books++;
    }
  }
  return s;
}

function scoreBook(s: NameFormsScore, book: { uploads: Upload[]; cases: Case[] }): void {
  const entries: NormalizedEntry[] = [];
  for (const u of book.uploads) {
    const region = regionFromPhone(u.source.phone);
    const sk = sourceKey(u.source);
    entriesAsRead(u.entries).forEach((e, i) => {
      const n = normalizeEntry(e, { region, sourceKey: sk });
      const [c, which] = u.tags[i];
      book.cases[c].entries[which] = entries.length;
      n.photos = [...n.photos, MARK + entries.length];
      entries.push(n);
    });
  }
  s.entries += entries.length;
  const contactOf = new Int32Array(entries.length).fill(-1); // listed (not junk) contact of each entry
  const contacts: Contact[] = mergeEntries(entries);
  const caseOf = new Int32Array(entries.length);
  book.cases.forEach((c, k) => {
    caseOf[c.entries[0]] = k;
    caseOf[c.entries[1]] = k;
  });
  contacts.forEach((c, k) => {
    const held = c.photos.filter((p) => p.startsWith(MARK)).map((p) => Number(p.slice(MARK.length)));
    if (!c.junk) for (const i of held) contactOf[i] = k;
    if (new Set(held.map((i) => caseOf[i])).size > 1) s.crossCase++;
  });
  const keys = (e: NormalizedEntry) => new Set([...e.emails.filter((m) => !m.junk).map((m) => m.key), ...e.phones.map((p) => p.key).filter((k) => k !== null)]);
  for (const c of book.cases) {
    const [i, j] = c.entries;
    const fs = s.byForm.get(c.form)!;
    const ki = keys(entries[i]);
    if (![...keys(entries[j])].some((k) => ki.has(k))) {
      s.evidenceBroken++;
      continue;
    }
    fs.pairs++;
    const same = contactOf[i] >= 0 && contactOf[i] === contactOf[j];
    const right = c.side === 'merge' ? same : !same; // apart: not in one listed contact (dropped people are counted below)
    if (c.side === 'merge') {
      s.people++;
      if (contactOf[i] < 0 && contactOf[j] < 0) s.dropped++;
      s.mergePairs++;
      if (same) s.merged++;
      if (!fs.beyond) {
        s.listedMergePairs++;
        if (same) s.listedMerged++;
      }
    } else {
      s.people += 2;
      if (contactOf[i] < 0) s.dropped++;
      if (contactOf[j] < 0) s.dropped++;
      s.apartPairs++;
      if (right) s.keptApart++;
    }
    if (right) fs.right++;
    else if (fs.examples.length < 4) fs.examples.push(`"${c.a}" / "${c.b}" (${c.evidence})`);
  }
}
