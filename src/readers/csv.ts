/**
 * Contact CSV files → Kith entries, one per data row (as ./vcard.ts gives one per card).
 *
 * The header row says what the file is: a Google Contacts export (either layout: ./google-csv.ts), an
 * Outlook export (Outlook's own, Outlook.com's, Windows Live's, and Google Contacts' "Outlook CSV"),
 * a Thunderbird address book, LinkedIn's Connections.csv, or, as a last resort, any CSV whose header
 * names recognisable columns (name, first/last name, e-mail, phone, company), in any case. The header
 * is the first of the file's first lines that reads as one, so a preamble before it (LinkedIn writes a
 * few "Notes:" lines) is skipped; the delimiter (`,`, `;` as spreadsheets in European locales write,
 * or a tab) is the one that makes that line a header. csv-parse does the CSV itself.
 *
 * Every data row gives one row of the result, in file order, whether it holds something usable or not
 * (blank lines are no rows), so a row's position is its index in the upload. The file arrives as text:
 * callers decode bytes with `decodeFileText` (./vcard.ts), which reads windows-1252 and UTF-16 too.
 */
import { parse } from 'csv-parse/sync';
import { clean, googleRowConverter, isGoogleHeader } from './google-csv.ts';
import { isCompanyCard, nameOfParts, naturalOrder, type Entry } from './vcard.ts';
import { directoryIdentity, hasImceaPrefix, normalizeEmail } from '../domain/email.ts';
import { normalizePhone } from '../domain/phone.ts';
import { isCheckedText } from '../domain/normalize.ts';

export type CsvLayout = 'google' | 'outlook' | 'thunderbird' | 'linkedin' | 'generic';
export type CsvDelimiter = ',' | ';' | '\t';

/** Something read from a row with a doubt the answer should name. */
export type CsvNote =
  /** The row holds U+FFFD: characters lost before or while the file was decoded (text that was not UTF-8). */
  | 'undecodable'
  /** The row had more cells than the header: read by joining the one text cell a stray delimiter split (joinedRow). */
  | 'joined_cells'
  /** The row is another export's header (two files appended): the rows after it are read by its columns (laterHeader). */
  | 'second_header';

/** One data row of a file (the header and any preamble not counted), in file order. */
export interface CsvRow {
  /** The row's entry; null when it holds no name, e-mail, phone or company, or was not read. */
  entry: Entry | null;
  /** What goes into the upload for this row: its entry, or `{}`. */
  read: Entry;
  /** Why the row was not read at all (its cells do not line up with the header). */
  notRead?: string;
  notes: CsvNote[];
}

/** A whole CSV file, row by row: `rows[i]` is the data row at position i (0-based). */
export interface CsvFile {
  layout: CsvLayout;
  delimiter: CsvDelimiter;
  rows: CsvRow[];
  /** The API's `source.type`: `gmail` for a Google Contacts export; null for the others (no type fits). */
  sourceType: 'gmail' | null;
  /**
   * A file of another layout than the known exports that reads no column of names: the header's columns
   * that hold a value in some row and are not read (unreadColumns), for a warning. Empty otherwise.
   */
  unreadColumns: string[];
}

/** The usable rows of a file, for `kith import` and the playground. */
export interface ParsedCsv {
  entries: Entry[];
  /** Rows not read or holding nothing usable (1-based data row numbers, header not counted). */
  skipped: { row: number; reason: string }[];
  sourceType: CsvFile['sourceType'];
  layout: CsvLayout;
}

/**
 * A file that is not a contacts CSV. The message completes "body …" (the route's 400) and never holds a
 * cell's content: personal data goes in no error and no log.
 */
export class CsvRefused extends Error {}

/** Lines searched for the header row (LinkedIn's preamble is four). */
const HEADER_SEARCH_LINES = 20;
const DELIMITERS: CsvDelimiter[] = [',', ';', '\t'];
const NOT_READ_EXTRA_CELLS = 'more cells than the header has columns: a delimiter inside an unquoted cell?';

const join = (...parts: string[]): string => clean(parts.join(' '));

/**
 * A header cell as the layouts below name it: lower-case, accents and `_`/`-` dropped, "e-mail" and
 * "e mail" as "email" ("E-mail 2 Address" → "email 2 address", "E-Mail-Adresse" → "email adresse").
 */
export function headerKey(h: string): string {
  return (
    h
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      // Vietnamese đ, which NFKD keeps: `Điện thoại` is "dien thoai".
      .replace(/đ/g, 'd')
      .replace(/\be[\s_-]?mail/g, 'email')
      .replace(/[\s_-]+/g, ' ')
      .trim()
  );
}

/** The columns of each header key (in column order), once per file. */
type Columns = { at: Map<string, number[]> };

function columnsOf(keys: string[]): Columns {
  const at = new Map<string, number[]>();
  keys.forEach((k, i) => {
    at.set(k, [...(at.get(k) ?? []), i]);
  });
  return { at };
}

/** One data row by its header's keys: the first non-empty cell of some columns, or of every column matching. */
class Cells {
  constructor(
    readonly columns: Columns,
    readonly cells: string[],
  ) {}

  /** The first non-empty cell among these columns (in the order named), cleaned. */
  one(...names: string[]): string {
    for (const name of names) {
      for (const i of this.columns.at.get(name) ?? []) {
        const v = clean(this.cells[i]);
        if (v) return v;
      }
    }
    return '';
  }

  /** Every non-empty cell of these columns, in the order named; " ::: " (Google's) splits a cell's values. */
  many(...names: string[]): string[] {
    const out: string[] = [];
    for (const name of names) {
      const cell = this.one(name);
      if (cell) out.push(...splitValues(cell));
    }
    return out;
  }

  /**
   * Every non-empty cell of these phone columns, each whole: a " ::: " list in one cell is read as any
   * field's list of numbers (phone.ts phoneNumbers), where a national number after an international
   * one takes its country, as the same string does in a JSON upload.
   */
  phones(...names: string[]): string[] {
    const out: string[] = [];
    for (const name of names) {
      const cell = this.one(name);
      if (cell) out.push(cell);
    }
    return out;
  }
}

const splitValues = (cell: string): string[] => (cell.includes(' ::: ') ? cell.split(' ::: ').map(clean).filter(Boolean) : cell ? [cell] : []);

/**
 * A row's phones: the person's own, or for a company's own card (a company and no other name) holding
 * none, its company's main number (a switchboard: never a person's, whose card keeps no phone then).
 */
const phonesOf = (own: string[], name: string, company: string, main: () => string[]): string[] =>
  own.length > 0 || !isCompanyCard(name, company) ? own : main();

/** Values in order, each once. */
const distinct = (values: string[]): string[] => [...new Set(values)];

const isUsable = (e: Entry): boolean => Boolean(e.name || e.emails || e.phones || e.company);

/** Sets the fields that hold something; leaves out the empty ones. */
function entryOf(fields: {
  name?: string;
  nickname?: string;
  emails?: string[];
  phones?: string[];
  company?: string;
  title?: string;
  addresses?: NonNullable<Entry['addresses']>;
  websites?: NonNullable<Entry['websites']>;
  ims?: NonNullable<Entry['ims']>;
  favorite?: boolean;
}): Entry {
  const e: Entry = {};
  // A contact known only by a nickname ("Ace") is shown by it: its name was null.
  if (fields.name || fields.nickname) e.name = fields.name || fields.nickname;
  if (fields.emails?.length) e.emails = distinct(fields.emails);
  if (fields.phones?.length) e.phones = distinct(fields.phones);
  if (fields.nickname) e.nickname = fields.nickname;
  if (fields.company) e.company = fields.company;
  if (fields.title) e.title = fields.title;
  if (fields.addresses?.length) e.addresses = fields.addresses;
  if (fields.websites?.length) e.websites = fields.websites;
  if (fields.ims?.length) e.ims = fields.ims;
  if (fields.favorite) e.is_favorite = 1;
  return e;
}

/** The columns of one address: each part's column names (the street's are joined; the others, the first non-empty). */
interface AddressColumns {
  type: string;
  street: string[];
  city: string[];
  state: string[];
  postal: string[];
  country: string[];
  poBox: string[];
  /** A whole address in one cell, kept as the street when no part is there. */
  formatted: string[];
}

/** An address from its columns; null when all are empty. */
function addressOf(c: Cells, cols: AddressColumns): NonNullable<Entry['addresses']>[number] | null {
  const a: NonNullable<Entry['addresses']>[number] = {};
  const street = cols.street
    .map((n) => c.one(n))
    .filter(Boolean)
    .join(', ');
  const poBox = c.one(...cols.poBox);
  const city = c.one(...cols.city);
  const state = c.one(...cols.state);
  const postal = c.one(...cols.postal);
  const country = c.one(...cols.country);
  if (poBox) a.po_box = poBox;
  if (street) a.street = street;
  if (city) a.city = city;
  if (state) a.state = state;
  if (postal) a.postal_code = postal;
  if (country) a.country = country;
  // Only a formatted address: keep it whole rather than guess its parts.
  const formatted = Object.keys(a).length === 0 ? c.one(...cols.formatted) : '';
  if (formatted) a.street = formatted;
  if (Object.keys(a).length === 0) return null;
  a.type = cols.type;
  return a;
}

const addressesOf = (c: Cells, all: AddressColumns[]) => all.flatMap((cols) => addressOf(c, cols) ?? []);

// Outlook ---------------------------------------------------------------------------------------------

/** "E-mail Address", "E-mail 2 Address", "Email 3 Address" (Outlook, Outlook.com, Windows Live, Google's Outlook CSV). */
const OUTLOOK_EMAIL = /^email(?: (\d))? address$/;
/** Columns only an Outlook-style export has (with an e-mail address column, they make one). */
const OUTLOOK_MARKS = [
  'email 2 address',
  'email type',
  'email display name',
  'mobile phone',
  'business phone',
  'home phone',
  'primary phone',
  'job title',
  'business street',
  'home street',
  'business city',
  'home city',
];
/** A name's prefix as Outlook's "Title" holds it. */
const HONORIFIC = /^(mr|mrs|ms|miss|mx|dr|prof|sir|dame|rev|fr|hon|herr|frau|mme|mlle|m|sr|sra|srta)\.?$/i;
const OUTLOOK_ADDRESSES: AddressColumns[] = [
  ['home', 'home'],
  ['business', 'work'],
  ['other', 'other'],
].map(([p, type]) => ({
  type,
  street: [`${p} street`, `${p} street 2`, `${p} street 3`],
  city: [`${p} city`],
  state: [`${p} state`],
  postal: [`${p} postal code`],
  country: [`${p} country/region`, `${p} country`],
  poBox: [`${p} address po box`, `${p} po box`],
  formatted: [`${p} address`],
}));
/** An Exchange X.500 name ("/o=ExchangeLabs/ou=…/cn=Recipients/cn=ann", with Exchange's "EX:" or "X500:" before it or not). */
const X500_NAME = /^\s*(?:ex:|x500:)?\/o=/i;
/** The address an "E-mail Display Name" shows: "Ann Lee (ann@x.com)", or the address alone. */
const DISPLAYED_ADDRESS = /^[^()]*\(\s*([^\s()]+@[^\s()]+)\s*\)\s*$|^\s*([^\s()]+@[^\s()]+)\s*$/u;
/**
 * The e-mail addresses of one of Outlook's e-mail columns (1 to 3), from its cells, its type and its
 * display name. An Exchange entry ("EX") usually holds an X.500 name (/o=ExchangeLabs/ou=…), which is no
 * e-mail address; but Outlook also writes "EX" beside a plain SMTP address, which is read whatever the
 * type says (a row holding `yuki.sato@example.jp` typed "EX" was left out as nothing to invite). When the
 * column holds no address (empty, or an X.500 name), or only an Exchange-encapsulated one carrying no
 * SMTP address (`IMCEAEX-_o=ExchangeLabs_…_cn=…-kpark@corp.com`: deliverable inside the organisation
 * only), the address its display name shows is read too: "Yuki Sato (yuki.sato@example.jp)" or the
 * address alone, as Outlook writes it.
 */
function outlookColumnEmails(values: string[], type: string, display: string): string[] {
  const out: string[] = [];
  let plain = false;
  for (const v of values) {
    if (X500_NAME.test(v) || (type === 'ex' && !v.includes('@'))) continue;
    out.push(v);
    if (!(hasImceaPrefix(v.trim()) && directoryIdentity(v) !== null)) plain = true;
  }
  if (!plain) {
    const shown = DISPLAYED_ADDRESS.exec(display);
    if (shown !== null) out.push((shown[1] ?? shown[2])!.trim());
  }
  return out;
}

/**
 * The e-mail columns of Outlook's exports in its languages (headerKey's form): which of the three
 * e-mails (1 to 3) and what the column holds. Outlook names them in the export's language, and not always
 * one way within one file (Microsoft's own import tables): German `E-Mail-Adresse`, `E-Mail-Typ`,
 * `E-Mail: Angezeigter Name`, `E-Mail 2: Adresse`; French `Adresse de messagerie`, `Type de messagerie`,
 * `Nom complet de l'adresse de messagerie`; Spanish `Dirección de correo electrónico 2`, `Tipo de correo
 * electrónico 2`, `Nombre de pantalla de correo electrónico`; Italian `Indirizzo posta elettronica`,
 * `Tipo posta elettronica`, `Nome visualizzato posta elettronica`; Portuguese `Endereço de email 2`,
 * `Tipo de email`, `Nome para exibição do email`, `Endereço do correio electrónico 2`, `Nome a apresentar
 * para o correio electrónico 2`; Dutch `E-mailadres`, `E-mailtype`, `Weergavenaam voor e-mail`,
 * `E-mail, weergegeven naam 2`. Matched on the language's words for e-mail and for address, type or
 * display name, so a spelling of another version reads too.
 */
const OL_EMAIL_WORD = /(?:\bemail|messagerie|correo|posta elettronica|correio)/;
const OL_TYPE = /(?:\bemail ?typ(?:e)?\b|^(?:email|type|typ|tipo)\b.*(?:email|messagerie|correo|posta elettronica|correio)|^email(?: \d)?:? typ\b)/;
const OL_DISPLAY =
  /(?:display name|angezeigter name|anzeigename|nom complet|nom d'affichage|nombre (?:de pantalla|para mostrar)|nome visualizzato|nome (?:para exibicao|de exibicao|a apresentar)|weergavenaam|weergegeven naam)/;
const OL_ADDRESS =
  /^(?:email(?: \d)?:? (?:address|adresse)|email adresse|emailadres|adresse de messagerie|direccion (?:de|del) correo(?: electronico)?|indirizzo (?:di )?posta elettronica|endereco (?:de|do) (?:email|correio(?: ele(?:c)?tronico)?))(?: \d)?$/;
export function outlookEmailColumn(key: string): { slot: number; kind: 'address' | 'type' | 'display' } | null {
  if (!OL_EMAIL_WORD.test(key) || key.length > 60) return null;
  const d = /\b([1-3])\b/.exec(key);
  const slot = d === null ? 1 : Number(d[1]);
  if (OL_DISPLAY.test(key)) return { slot, kind: 'display' };
  if (OL_TYPE.test(key)) return { slot, kind: 'type' };
  if (OL_ADDRESS.test(key)) return { slot, kind: 'address' };
  return null;
}

const emailKeysOf = new WeakMap<Columns, string[]>();
/** The e-mail address columns of a file, in column order (once per file). */
function outlookEmailKeys(columns: Columns): string[] {
  let keys = emailKeysOf.get(columns);
  if (keys === undefined) emailKeysOf.set(columns, (keys = [...columns.at.keys()].filter((k) => OUTLOOK_EMAIL.test(k))));
  return keys;
}
/**
 * The phones of a person in an Outlook export, every column of Outlook's own lines (callback, radio,
 * ISDN and TTY/TDD are theirs too); faxes, pagers, telexes and the assistant's number are left out.
 */
const OUTLOOK_PHONES = [
  'primary phone',
  'mobile phone',
  'home phone',
  'home phone 2',
  'business phone',
  'business phone 2',
  'other phone',
  'car phone',
  'callback',
  'radio phone',
  'isdn',
  'tty/tdd phone',
];
/**
 * The company's switchboard: not the person's, so read only for a company's own card holding no other
 * number (phonesOf: "Northwind Traders" with only its main number was left out as nothing to invite).
 */
const OUTLOOK_COMPANY_PHONE = 'company main phone';

function outlookRow(c: Cells): Entry {
  // Family name first when the parts are written in Han, kana or Hangul (nameOfParts), as every reader does.
  const core = nameOfParts(c.one('first name'), c.one('middle name'), c.one('last name'));
  // Outlook's "Title" is the name's prefix (Mr., Dr.) and "Job Title" the job; a "Title" that is no
  // prefix is read as the job when there is no "Job Title". "E-mail Display Name" is
  // "Ann Lee (ann@example.com)": the name without the address, when no other column names one.
  const title = c.one('title');
  const prefix = HONORIFIC.test(title) ? title : '';
  const display = clean(c.one('email display name').replace(/\s*\([^()]*@[^()]*\)\s*$/, ''));
  const name = core ? join(prefix, core, c.one('suffix')) : c.one('name') || (display.includes('@') ? '' : display);
  const emails: string[] = [];
  for (const key of outlookEmailKeys(c.columns)) {
    const n = OUTLOOK_EMAIL.exec(key)?.[1] ?? '1';
    const type = c.one(n === '1' ? 'email type' : `email ${n} type`, `email ${n} type`).toLowerCase();
    const display = c.one(n === '1' ? 'email display name' : `email ${n} display name`, `email ${n} display name`);
    emails.push(...outlookColumnEmails(c.many(key), type, display));
  }
  const websites = (
    [
      ['web page', 'other'],
      ['personal web page', 'home'],
      ['business web page', 'work'],
    ] as const
  ).flatMap(([col, type]) => c.many(col).map((url) => ({ url, type })));
  return entryOf({
    name,
    nickname: c.one('nickname'),
    emails,
    phones: phonesOf(c.phones(...OUTLOOK_PHONES), name, c.one('company'), () => c.phones(OUTLOOK_COMPANY_PHONE)),
    company: c.one('company'),
    title: c.one('job title') || (prefix ? '' : title),
    addresses: addressesOf(c, OUTLOOK_ADDRESSES),
    websites,
    ims: c.many('imaddress', 'im address').map((im) => ({ name: im })),
  });
}

// Thunderbird -----------------------------------------------------------------------------------------

const THUNDERBIRD_ADDRESSES: AddressColumns[] = [
  ['home', 'home'],
  ['work', 'work'],
].map(([p, type]) => ({
  type,
  street: [`${p} address`, `${p} address 2`],
  city: [`${p} city`],
  state: [`${p} state`],
  postal: [`${p} zipcode`, `${p} zip code`],
  country: [`${p} country`],
  poBox: [],
  formatted: [],
}));

function thunderbirdRow(c: Cells): Entry {
  // Thunderbird fills "Display Name" with the address when it knows no name: that is no name (as in Outlook).
  const display = c.one('display name');
  return entryOf({
    name:
      naturalOrder(display.includes('@') ? '' : display, c.one('first name'), c.one('last name')) || nameOfParts(c.one('first name'), '', c.one('last name')),
    nickname: c.one('nickname'),
    emails: c.many('primary email', 'secondary email'),
    phones: c.phones('mobile number', 'work phone', 'home phone'),
    company: c.one('organization'),
    title: c.one('job title'),
    addresses: addressesOf(c, THUNDERBIRD_ADDRESSES),
    websites: [...c.many('web page 1').map((url) => ({ url, type: 'work' })), ...c.many('web page 2').map((url) => ({ url, type: 'home' }))],
  });
}

// LinkedIn --------------------------------------------------------------------------------------------

function linkedinRow(c: Cells): Entry {
  const url = c.one('url');
  return entryOf({
    name: nameOfParts(c.one('first name'), '', c.one('last name')),
    // Most are empty: LinkedIn exports a connection's address only when they allow it.
    emails: c.many('email address'),
    company: c.one('company'),
    title: c.one('position'),
    websites: /^https?:\/\//i.test(url) ? [{ url, type: 'linkedin' }] : [],
  });
}

// Any other CSV ---------------------------------------------------------------------------------------

/** Header keys of the generic reader, English first, then the commonest of a few European locales. */
const GENERIC = {
  name: new Set([
    'name',
    'full name',
    'fullname',
    'display name',
    'contact name',
    'formatted name',
    'nom complet',
    'nombre completo',
    'nome completo',
    'anzeigename',
    'naam',
    'volledige naam',
    'navn',
    'namn',
    'nimi',
    'imie i nazwisko',
    'jmeno a prijmeni',
    'isim',
    'nev',
    // The person a row is about, as sheets of customers, pupils, guests and members name the column.
    'customer name',
    'client name',
    'student name',
    'guest name',
    'member name',
    'contact person',
    'nombre y apellidos',
    'nombre y apellido',
    'nome e cognome',
    'nom et prenom',
    'nom prenom',
    'vor und nachname',
    'фио',
    'ф.и.о.',
    'полное имя',
    'имя и фамилия',
    'пиб',
    'ονοματεπωνυμο',
    'الاسم',
    'اسم',
    'الاسم الكامل',
    'שם',
    'שם מלא',
    // Vietnamese, Indonesian and Malay, Turkish, Thai, Persian, Hindi (a probe: each file's names and
    // numbers were lost, an e-mail column the only one read).
    'ho va ten',
    'ho ten',
    'ten day đu',
    'nama',
    'nama lengkap',
    'nama penuh',
    'ad soyad',
    'adı soyadı',
    'ad soyadı',
    'isim soyisim',
    'ชื่อ-นามสกุล',
    'ชื่อ นามสกุล',
    'نام و نام خانوادگی',
    'नाम',
    'पूरा नाम',
  ]),
  first: new Set([
    'first name',
    'first',
    'firstname',
    'given name',
    'given',
    'givenname',
    'forename',
    'vorname',
    'prenom',
    'nombre',
    'nome',
    'voornaam',
    'fornamn',
    'fornavn',
    'etunimi',
    'imie',
    'jmeno',
    'keresztnev',
    // "Имя" and "Όνομα" are the given name (the family name has its own column, when there is one).
    'имя',
    "ім'я",
    'імя',
    'ονομα',
    // Turkish Outlook's `Ad` (`Adı`), beside `İkinci Ad` and `Soyadı`.
    'ad',
    'adı',
    'שם פרטי',
    'الاسم الأول',
    'ten',
    'nama depan',
    'ชื่อ',
    'نام',
  ]),
  // Outlook's "Middle Name" in its languages: Dutch "Middelste naam" (a tussenvoegsel, `van der`, often),
  // Spanish "Segundo nombre", Italian "Secondo nome", Portuguese "Segundo Nome", Japanese "ミドル ネーム".
  middle: new Set([
    'middle name',
    'middle',
    'middlename',
    'additional name',
    'weitere vornamen',
    'deuxieme prenom',
    'tweede naam',
    'middelste naam',
    'segundo nombre',
    'secondo nome',
    'segundo nome',
    'ミドル ネーム',
    'ikinci ad',
    'отчество',
    'по батькові',
  ]),
  last: new Set([
    'last name',
    'last',
    'lastname',
    'surname',
    'family name',
    'familyname',
    'nachname',
    'familienname',
    'nom',
    'nom de famille',
    'apellido',
    'apellidos',
    'cognome',
    'achternaam',
    'sobrenome',
    'efternamn',
    'efternavn',
    'etternavn',
    'sukunimi',
    'nazwisko',
    'prijmeni',
    'vezeteknev',
    'soyad',
    'soyadi',
    // Turkish Outlook's `Soyadı` (a dotless ı, which the fold keeps).
    'soyadı',
    'фамилия',
    'прізвище',
    'επωνυμο',
    'שם משפחה',
    'اسم العائلة',
    'ho',
    'nama belakang',
    'nama keluarga',
    'นามสกุล',
    'نام خانوادگی',
  ]),
  company: new Set([
    'company',
    'company name',
    'organization',
    'organisation',
    'organization name',
    'org',
    'employer',
    'firma',
    'unternehmen',
    'societe',
    'entreprise',
    'empresa',
    'azienda',
    'bedrijf',
  ]),
  title: new Set(['job title', 'position', 'role']),
  nickname: new Set(['nickname', 'nick']),
  favorite: new Set(['starred', 'favorite', 'favourite', 'is favorite', 'is favourite', 'favorit', 'favori', 'favoriet', 'favorito', 'preferito']),
};
// Compared as headerKey folds a header: "Имя" → "имя", "Όνομα" → "ονομα" (accents dropped), "Мобильный" → "мобильныи".
for (const role of Object.keys(GENERIC) as (keyof typeof GENERIC)[]) GENERIC[role] = new Set([...GENERIC[role]].map((w) => headerKey(w)));
/**
 * An e-mail column: "Email", "E-mail 2", "Work Email", "Mail", "Courriel", "Correo electrónico", and the
 * words for it run together or in other languages: Dutch "E-mailadres", German "Emailadresse", French
 * Outlook's "Adresse de messagerie", Scandinavian "E-postadress", Finnish "Sähköposti", Polish "Poczta",
 * Vietnamese "Thư điện tử", Indonesian "Surel", Malay "E-mel".
 */
const GENERIC_EMAIL =
  /\b(emails?|email\w*|mail|courriel|correo|e ?post\w*|messagerie|adresse electronique|courrier electronique|sahkoposti\w*|poczta|posta elettronica|thu dien tu|surel|e ?mel)\b/;
/**
 * A phone column: "Phone", "Mobile", "Tel.", "Cell", "Telefon", "Mobiltelefon", "Téléphone", "Móvil",
 * Dutch "Telefoonnummer" and "Mobiel", Swedish "Hemtelefon", Italian "Cellulare", Portuguese
 * "Telemóvel" and "Celular", Finnish "Puhelin", Polish "Komórka", Indonesian "Telepon" and "No HP",
 * Vietnamese "Số điện thoại", "SĐT" and "Di động".
 */
const GENERIC_PHONE =
  /\b(phones?|telephone|tel|mobil\w*|cell|cellphone|\w*telefo\w*|handy\w*|portable|movil|gsm|mobiel\w*|cellulare|celular|telemovel|puhelin\w*|matkapuhelin|komorka|contact (?:number|num|no|nr|#)|mob|ph(?!\.? ?d\b)(?: no| number| nr)?|whats ?app(?: number| no)?|direct (?:line|dial|number)|land ?line|rufnummer|tlf\w*|tfno|tlfno|tfn|telepon\w*|handphone|(?:no|nomor) hp|sdt|dien thoai\w*|di dong)\b/;
/**
 * Headers that name a column of numbers without saying of what ("Number", "Numéro", "Nummer",
 * "Contact", "Номер"): a phone column only when the file has no other and its cells read as phone
 * numbers (a row number, a member or ID number, a column of names are not).
 */
const WEAK_PHONE = new Set(['number', 'numero', 'nummer', 'numer', 'contact', 'kontakt', 'contacto', 'contatto', 'номер', 'контакт'].map((w) => headerKey(w)));
/** Columns about a value rather than holding one, and numbers that are not a person's. */
const GENERIC_NOT =
  /\b(type|typ|label|kind|display|angezeigter|nom complet|verified|status|date|ext|extension|fax|telefax|telecopie|pager|assistant'?s?|assistent\w*|assistente|secretary|manager'?s?|spouse'?s?|partner'?s?|emergency|notfall|parent'?s?|guardian'?s?|referred|referral|referrer|cc|bcc)\b/;
/**
 * A company's main number in a file that also has the person's own (French "Téléphone société",
 * German Outlook's "Telefon Firma" beside "Telefon geschäftlich"): a switchboard, not the person's. Alone,
 * such a column is the person's work number ("Telefon Firma" in a plain German list) and is read.
 */
const COMPANY_MAIN = /\b(societe|societa|firma|zentrale|centralino|centralita|company main|main office|hoofdtelefoon bedrijf|principal da empresa)\b|会社代表/;
/**
 * Italian Outlook names its phone columns by place alone: "Ufficio" (business), "Abitazione" (home),
 * and their "2" (its addresses are "Via (uff.)", "Città (ab.)"). Read as phones when their cells are.
 */
const PLACE_PHONES = new Set(['ufficio', 'ufficio 2', 'abitazione', 'abitazione 2']);

/** The same in Chinese, Japanese and Korean, compared as headerKey folds them (NFKD: Hangul in jamo). */
const CJK_ROLES: readonly [GenericRole, string[]][] = (
  [
    ['name', ['名前', '氏名', '姓名', '이름', '名字']],
    ['last', ['姓', '성']],
    ['first', ['名']],
  ] as [GenericRole, string[]][]
).map(([role, words]) => [role, words.map((w) => headerKey(w))]);
// 전자 메일: Korean Outlook's `전자 메일 주소` (an HTTP probe: its addresses were dropped).
const CJK_EMAIL = ['メール', '電子郵件', '电子邮件', '邮箱', '電郵', '이메일', '전자 메일', '전자메일'].map((w) => headerKey(w));
const CJK_PHONE = ['電話', '电话', '手机', '携帯', '전화', '휴대폰', '핸드폰'].map((w) => headerKey(w));

/**
 * E-mail and phone columns in Cyrillic, Greek, Arabic and Hebrew: the e-mail words whole ("Почта" alone,
 * never "Почтовый индекс"), the phone stems anywhere in the header ("Мобильный телефон", "Τηλέφωνο
 * εργασίας"), but not a fax's.
 */
const OTHER_EMAIL = new Set(
  [
    'почта',
    'электронная почта',
    'эл. почта',
    'эл.почта',
    // Russian Outlook's e-mail column (an HTTP probe: its addresses were dropped without a word).
    'адрес эл. почты',
    'адрес эл.почты',
    'адрес электронной почты',
    'пошта',
    'електронна пошта',
    'ел. пошта',
    'ηλεκτρονικο ταχυδρομειο',
    'ηλ. ταχυδρομειο',
    'البريد الإلكتروني',
    'البريد الالكتروني',
    'بريد إلكتروني',
    'البريد',
    'דוא"ל',
    'דואל',
    'אימייל',
    'מייל',
    'דואר אלקטרוני',
    'อีเมล',
    'อีเมล์',
    'ایمیل',
    'پست الکترونیک',
    'ईमेल',
    'ई-मेल',
  ].map((w) => headerKey(w)),
);
const OTHER_PHONE = [
  'телефон',
  'тел.',
  'мобильн',
  'мобільн',
  'сотов',
  'τηλεφων',
  'τηλ.',
  'κινητο',
  'هاتف',
  'جوال',
  'موبايل',
  'تلفون',
  'טלפון',
  'נייד',
  'פלאפון',
  'โทรศัพท์',
  'เบอร์โทร',
  'มือถือ',
  'تلفن',
  'موبایل',
  'شماره تماس',
  'फ़ोन',
  'फोन',
  'मोबाइल',
].map((w) => headerKey(w));
const OTHER_NOT = ['факс', 'φαξ', 'فاكس', 'פקס'];

type GenericRole =
  | 'name'
  | 'first'
  | 'middle'
  | 'last'
  /** A family name a file writes before the given name (Vietnamese `Họ` beside `Tên`): `Nguyễn An`, not `An Nguyễn`. */
  | 'last_first'
  | 'company'
  | 'title'
  | 'nickname'
  | 'favorite'
  | 'email'
  | 'phone'
  | 'company_phone'
  /** A localised Outlook export's e-mail type and display name columns (outlookEmailColumn): read with their e-mail column. */
  | 'email_type'
  | 'email_display';

function genericRole(key: string): GenericRole | null {
  // A cell holding an address or a number is data, not a column's name (a data row read as a header).
  if (key.includes('@') || /^[\d\s+().-]*$/.test(key)) return null;
  for (const role of Object.keys(GENERIC) as (keyof typeof GENERIC)[]) if (GENERIC[role].has(key)) return role;
  // Outlook's e-mail columns in its languages, before the word limit below (`Dirección de correo
  // electrónico 2` is five words) and the words of columns about a value (`E-Mail-Typ`).
  const ol = outlookEmailColumn(key);
  if (ol !== null) return ol.kind === 'address' ? 'email' : ol.kind === 'type' ? 'email_type' : 'email_display';
  // A column name is a few words: a sentence mentioning "email" (LinkedIn's preamble) is none.
  if (key.length > 32 || key.split(' ').length > 4 || GENERIC_NOT.test(key)) return null;
  if (GENERIC_EMAIL.test(key)) return 'email';
  if (GENERIC_PHONE.test(key)) return 'phone';
  if (key.charCodeAt(0) >= 0x1100) {
    for (const [role, words] of CJK_ROLES) if (words.includes(key)) return role;
    if (CJK_EMAIL.some((w) => key.includes(w))) return 'email';
    if (CJK_PHONE.some((w) => key.includes(w))) return 'phone';
  } else if (key.charCodeAt(0) >= 0x370) {
    if (OTHER_EMAIL.has(key)) return 'email';
    if (OTHER_PHONE.some((w) => key.includes(w)) && !OTHER_NOT.some((w) => key.includes(w))) return 'phone';
  }
  return null;
}

/**
 * Yahoo Mail's export names its phone columns by place alone ("Home", "Work", "Mobile", "Other",
 * "Primary"), beside "Yahoo Phone" and "Messenger ID": in a file with those, the place words are phones.
 * Yahoo's own export writes its brand with the "!" ("Yahoo! ID", "Yahoo! Phone"), which headerKey keeps
 * (it folds case, accents and spacing, not punctuation): with only the bare forms known, that file's
 * "Home", "Work" and "Other" were no columns, and a card holding only a Home number was left out as
 * nothing to invite. Both spellings mark the file.
 */
const YAHOO_PHONES = new Set(['home', 'work', 'other', 'primary', 'yahoo phone', 'yahoo! phone']);
/** The columns only Yahoo's export has: "Yahoo! Phone", "Yahoo! ID" (older: "Yahoo Phone", "Messenger ID"). */
const YAHOO_MARKS = new Set(['yahoo phone', 'yahoo! phone', 'yahoo id', 'yahoo! id', 'messenger id']);

/**
 * A sheet of customers names the person "Customer Name" or "Client Name"; a B2B sheet has those for
 * the organisation beside the person's own column, "Contact Person" or "Contact Name".
 */
const CUSTOMER_NAME = new Set(['customer name', 'client name'].map((w) => headerKey(w)));
const PERSON_NAME = new Set(['contact person', 'contact name'].map((w) => headerKey(w)));
/** The bare word "name" of a few languages: beside a column of one name part, the other part (genericRoles). */
// 이름: Korean Outlook's given name beside `성` (an HTTP probe: the family name was lost).
const PART_OF_NAME = new Set(['name', 'naam', 'navn', 'namn', 'nimi', 'isim', 'nev', '이름'].map((w) => headerKey(w)));

/** Columns only a Vietnamese file names so (folded): beside them `Tên` and `Họ` are read. */
const VIETNAMESE_COLUMNS = new Set(['ho va ten', 'ho ten', 'so dien thoai', 'dien thoai', 'sdt', 'di dong', 'thu dien tu']);

function genericRoles(keys: string[], data: string[][]): (GenericRole | null)[] {
  const yahoo = keys.some((k) => YAHOO_MARKS.has(k));
  const roles = keys.map((k) => (yahoo && YAHOO_PHONES.has(k) ? 'phone' : genericRole(k)));
  // "Customer Name" beside the person's own name column ("Contact Person", first and last names) is
  // the customer's organisation: the first name column won, and each person was named by their company.
  if (keys.some((k, i) => (roles[i] === 'name' && PERSON_NAME.has(k)) || roles[i] === 'first' || roles[i] === 'last')) {
    const company = roles.includes('company');
    keys.forEach((k, i) => {
      if (roles[i] === 'name' && CUSTOMER_NAME.has(k)) roles[i] = company ? null : 'company';
    });
  }
  // A bare "Name" beside one name part is the other part: German and Dutch lists write surname and given
  // name as `Name;Vorname` (`Naam;Voornaam`, `Navn;Fornavn`), English ones `Name;Surname`. Read as the full
  // name, it kept one part and dropped the other, and a family on one landline (Hans, Petra and Jonas
  // Meier, each `Meier`) became one row (a probe).
  // Only when its cells say so: one word each (or a family name with its particles, `de Vries`), never
  // holding the part beside it as a word (a mail-merge sheet's full `Name` beside a `First Name` for the
  // greeting stays the full name: a review found `Ann Ann Lee`; `Evans` beside `Eva` is a surname).
  const first = roles.indexOf('first');
  const last = roles.indexOf('last');
  if (first < 0 !== last < 0) {
    keys.forEach((k, i) => {
      if (roles[i] === 'name' && PART_OF_NAME.has(k) && onePartOfName(data, i, first >= 0 ? first : last)) roles[i] = first >= 0 ? 'last' : 'first';
    });
  }
  // Vietnamese `Tên` (given name) and `Họ` (family name) fold to `ten` and `ho`: read only beside each
  // other or another Vietnamese column (a review: an English sheet's `Ten` column of numbers was a name).
  if (keys.includes('ten') || keys.includes('ho')) {
    const vietnamese = (keys.includes('ten') && keys.includes('ho')) || keys.some((k) => VIETNAMESE_COLUMNS.has(k));
    if (!vietnamese) keys.forEach((k, i) => (k === 'ten' || k === 'ho' ? (roles[i] = null) : undefined));
    // A Vietnamese name is written family name first (`Nguyễn Văn An`), as the file's own `Họ và tên` is.
    else keys.forEach((k, i) => (k === 'ho' && roles[i] === 'last' ? (roles[i] = 'last_first') : undefined));
  }
  keys.forEach((k, i) => {
    if (roles[i] === null && PLACE_PHONES.has(k) && mostlyPhones(data, i)) roles[i] = 'phone';
  });
  // "Number" is the phone column of a file with no other, when its cells are phone numbers.
  if (!roles.includes('phone')) {
    const weak = keys.findIndex((k, i) => roles[i] === null && WEAK_PHONE.has(k) && mostlyPhones(data, i));
    if (weak >= 0) roles[weak] = 'phone';
  }
  // Beside a column of the person's own, a company's main number is read only for a company's own card
  // holding no other number (phonesOf).
  const own = roles.some((r, i) => r === 'phone' && !COMPANY_MAIN.test(keys[i]!));
  return own ? roles.map((r, i) => (r === 'phone' && COMPANY_MAIN.test(keys[i]!) ? 'company_phone' : r)) : roles;
}

/** Only a number's signs: digits, separators, brackets, a leading "+". */
const PHONE_SIGNS = /^\+?[\d\s().\-/]+$/;
/** A date, which a "Contact" column may hold: 2024-01-17, 17.01.2024, 1/17/24. */
const DATE_LIKE = /^(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4})$/;
/**
 * One run of digits of a national number's length, as spreadsheets keep a phone without its signs: a
 * trunk 0 and 9 to 12 digits in all (0612345678, 07911123456, 030123456), 10 digits not starting with 0
 * or 1 (North America, India), 11 starting 13–19 (China's mobiles).
 */
const NATIONAL_RUN = /^(?:0[1-9]\d{7,10}|[2-9]\d{9}|1[3-9]\d{9})$/;

/**
 * A cell written as a phone number is (for a column whose header does not say "phone", see WEAK_PHONE):
 * 7 to 15 digits with only a number's signs, and a leading "+" or "00", digit groups split by
 * separators or brackets, or one run of a national length (NATIONAL_RUN). A shorter bare run of digits
 * is a member, customer or row number ("1002345", "20240017"): read as a phone it was a made-up number.
 */
function isPhoneLike(cell: string): boolean {
  if (!PHONE_SIGNS.test(cell) || DATE_LIKE.test(cell)) return false;
  const digits = cell.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return false;
  return /^(?:\+|00)/.test(cell) || /\d[\s().\-/]+\d|^\(/.test(cell) || NATIONAL_RUN.test(digits);
}

/**
 * The little words before a family name (`de Vries`, `van der Berg`, `von Stein`, `da Silva`, `dos Santos`,
 * `de la Cruz`, `ten Brink`, `zu Guttenberg`): a surname column holds them with the name, and the cell is
 * still one part of a name (onePartOfName). `Mc`/`O'` forms (`McDonald`, `O'Brien`) are one word already.
 */
const SURNAME_PARTICLES = new Set("van von vom vd 't zu zum zur de der den des del della dei di da das do dos du la le lo los las ten ter te af av".split(' '));

/** A name cell's words, folded (lower-case, accents dropped) and split at spaces and punctuation: `Évans, Eva` → evans, eva. */
function nameWords(cell: string): string[] {
  return cell
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}'’-]+/u)
    .filter((w) => w.length > 0);
}

/**
 * Whether column `i` (a bare "Name") holds one part of a name beside column `part` (the other part): nearly
 * every filled cell is one word (a double-barrelled `Müller-Lüdenscheidt` is one, and so is a family name
 * with its particles, `de Vries`, `van der Berg`: Dutch `Naam;Voornaam` writes them so) and nearly none
 * holds its row's part as a word of its own (`Ann Lee` beside `Ann` is the full name). A whole word, not a
 * substring: `Evans` beside `Eva` and `Jensen` beside `Jens` are surnames, and one such row read the whole
 * column as full names, each person named by the surname alone, and a family on one landline
 * (Hans, Petra, Jonas Meier) was one row `Meier` (a review).
 */
function onePartOfName(data: string[][], i: number, part: number): boolean {
  let filled = 0;
  let words = 0;
  let holdsPart = 0;
  for (const row of data) {
    const cell = clean(row[i]);
    if (!cell) continue;
    filled++;
    const ws = nameWords(cell);
    if (!/\s/.test(cell) || (ws.length > 1 && ws.slice(0, -1).every((w) => SURNAME_PARTICLES.has(w)))) words++;
    const p = nameWords(clean(row[part]));
    if (p.length > 0 && ws.some((_, at) => p.every((w, k) => ws[at + k] === w))) holdsPart++;
  }
  return filled > 0 && words * 10 >= filled * 9 && holdsPart * 10 <= filled;
}

/** Whether most non-empty cells of column `i` (and at least one) are written as phone numbers. */
function mostlyPhones(data: string[][], i: number): boolean {
  let filled = 0;
  let phones = 0;
  for (const row of data) {
    const cell = clean(row[i]);
    if (!cell) continue;
    filled++;
    if (isPhoneLike(cell)) phones++;
  }
  return phones > 0 && phones * 2 > filled;
}

/** The columns of each role of the generic reader, once per file. */
function columnsByRole(roles: (GenericRole | null)[]): Map<GenericRole, number[]> {
  const byRole = new Map<GenericRole, number[]>();
  roles.forEach((r, i) => {
    if (r !== null) byRole.set(r, [...(byRole.get(r) ?? []), i]);
  });
  return byRole;
}

/** An address alone, with nothing around it: an item of a plain list of addresses. */
const BARE_ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+$/;
/** What a spreadsheet writes in a cell for "no address": read as an empty cell. */
const NO_VALUE = /^(?:n\/?a|none|nil|null|unknown|tbd|tba|-+|\.+|\?+|\u2013|\u2014)$/i;

/**
 * The e-mail strings of one cell, for the upload. A plain list of addresses ("a@x.example; b@y.example",
 * Google's " ::: ") is split here; any other cell goes whole to the upload's own list reader
 * (normalize.ts), exactly as the same string sent as JSON: a pasted recipient line ("Doe, Jane
 * <jane@x>; Roe, Rick <rick@x>") holds commas inside its names, and splitting it at every comma made
 * "Jane <jane@x>" and "Rick <rick@x>", two one-word labels that read as one person's addresses (two
 * people fused). A cell without "@" is kept too ("grandpa at aol dot com": left out as `invalid`, or kept
 * and marked unusable with evidence, as in JSON), unless it only says there is none ("n/a", "-").
 */
function emailCell(cell: string): string[] {
  if (NO_VALUE.test(cell) || !/[\p{L}\p{N}]/u.test(cell)) return [];
  const parts = cell
    .split(/\s*[;,]\s*|\s+:::\s+/)
    .map(clean)
    .filter(Boolean);
  return parts.length > 1 && parts.every((p) => BARE_ADDRESS.test(p)) ? parts : [cell];
}

const keysByIndex = new WeakMap<Columns, string[]>();
/** The header key of each column of a file (once per file). */
function keyOfColumn(columns: Columns, i: number): string {
  let keys = keysByIndex.get(columns);
  if (keys === undefined) {
    keys = [];
    for (const [k, at] of columns.at) for (const j of at) keys[j] = k;
    keysByIndex.set(columns, keys);
  }
  return keys[i] ?? '';
}

/**
 * The e-mails of a generic row. In a localised Outlook export (an e-mail type or display name column
 * beside its e-mail column: `E-Mail-Typ`, `E-Mail: Angezeigter Name`), each e-mail column is read with
 * its own type and display name as Outlook's English export is (outlookColumnEmails): German and French
 * exports lost every Exchange contact as `invalid` (their X.500 name read as the address).
 */
function genericEmails(c: Cells, byRole: Map<GenericRole, number[]>): string[] {
  const columns = byRole.get('email') ?? [];
  const types = byRole.get('email_type');
  const displays = byRole.get('email_display');
  const out: string[] = [];
  for (const i of columns) {
    const v = clean(c.cells[i]);
    const values = v ? emailCell(v) : [];
    const ol = types === undefined && displays === undefined ? null : outlookEmailColumn(keyOfColumn(c.columns, i));
    if (ol === null || ol.kind !== 'address') {
      out.push(...values);
      continue;
    }
    const cellOf = (at: number[] | undefined): string => {
      for (const j of at ?? []) if (outlookEmailColumn(keyOfColumn(c.columns, j))?.slot === ol.slot) return clean(c.cells[j]);
      return '';
    };
    out.push(...outlookColumnEmails(values, cellOf(types).toLowerCase(), cellOf(displays)));
  }
  return out;
}

/**
 * A name written family name first from its parts (Vietnamese `Họ` and `Tên`): `Nguyễn` and `Văn An` are
 * `Nguyễn Văn An`; a `Tên` cell already holding the family name as a word is the full name as written.
 */
function familyFirst(family: string, middle: string, given: string): string {
  if (given.split(/\s+/).includes(family)) return given;
  return clean(`${family} ${middle} ${given}`);
}

function genericRow(c: Cells, byRole: Map<GenericRole, number[]>): Entry {
  const of = (role: GenericRole): string[] => {
    const out: string[] = [];
    for (const i of byRole.get(role) ?? []) {
      const v = clean(c.cells[i]);
      if (v) out.push(v);
    }
    return out;
  };
  const emails = genericEmails(c, byRole);
  const [first = '', middle = '', lastFirst = ''] = [of('first')[0], of('middle')[0], of('last_first')[0]];
  const last = lastFirst || (of('last')[0] ?? '');
  const name = naturalOrder(of('name')[0] ?? '', first, last, middle) || (lastFirst ? familyFirst(lastFirst, middle, first) : nameOfParts(first, middle, last));
  const company = of('company')[0] ?? '';
  return entryOf({
    name,
    nickname: of('nickname')[0],
    emails,
    // A cell of the phone column is read when it holds a digit or an address (`dee@s.example`, read as
    // the card's e-mail as every reader reads it: a probe found Dee left out; whether an address there is
    // the card's own is normalize.ts's call, as for any upload: addressIsTheCards).
    phones: phonesOf(of('phone'), name, company, () => of('company_phone')).filter((v) => /\d|@/.test(v)),
    company,
    title: of('title')[0],
    favorite: of('favorite').some(isCheckedText),
  });
}

// The file --------------------------------------------------------------------------------------------

/** What a header row makes of the file, or null when it names no contact columns. */
export function layoutOf(header: string[]): CsvLayout | null {
  if (isGoogleHeader(header)) return 'google';
  const keys = new Set(header.map(headerKey));
  const has = (...names: string[]) => names.some((n) => keys.has(n));
  if (has('connected on') || (has('email address') && has('position') && has('company') && has('first name'))) return 'linkedin';
  if (has('primary email') && has('first name', 'last name', 'display name')) return 'thunderbird';
  if ([...keys].some((k) => OUTLOOK_EMAIL.test(k)) && has('first name', 'last name', 'name') && has(...OUTLOOK_MARKS)) return 'outlook';
  const roles = [...keys].map(genericRole);
  if (roles.some((r) => r === 'name' || r === 'first' || r === 'last' || r === 'last_first' || r === 'email' || r === 'phone')) return 'generic';
  return null;
}

/** The cells of one line with this delimiter, or null when it does not parse. */
function cellsOfLine(line: string, delimiter: CsvDelimiter): string[] | null {
  try {
    const rows: string[][] = parse(line, { delimiter, relax_quotes: true, relax_column_count: true });
    return rows.length === 1 ? rows[0] : null;
  } catch {
    return null;
  }
}

/**
 * The header row: of the first lines, the first that reads as a contacts header with one of the
 * delimiters (the one giving the most columns when several do) and names two contact columns or more,
 * or is a known export's header; else the first naming one. A title line above the header ("Team Phone
 * List", then a blank line, then "Name,Phone,Email") names one and is skipped. `offset`: where the line
 * starts.
 */
function findHeader(text: string): { offset: number; line: number; delimiter: CsvDelimiter; layout: CsvLayout } | null {
  const re = /\r\n|\n|\r/g;
  let offset = 0;
  let found: { offset: number; line: number; delimiter: CsvDelimiter; layout: CsvLayout } | null = null;
  for (let line = 1; line <= HEADER_SEARCH_LINES && offset <= text.length; line++) {
    const m = re.exec(text);
    const end = m === null ? text.length : m.index;
    const raw = text.slice(offset, end);
    if (raw.trim() !== '') {
      let best: { delimiter: CsvDelimiter; layout: CsvLayout; columns: number } | null = null;
      for (const delimiter of DELIMITERS) {
        const cells = cellsOfLine(raw, delimiter);
        const layout = cells === null ? null : layoutOf(cells);
        if (cells !== null && layout !== null && (best === null || cells.length > best.columns)) best = { delimiter, layout, columns: cells.length };
      }
      if (best !== null) {
        // A known export's header is the one; a generic one scores the contact columns it names.
        if (best.layout !== 'generic') return { offset, line, delimiter: best.delimiter, layout: best.layout };
        const score = headerScore(cellsOfLine(raw, best.delimiter)!);
        // Two contact columns make a header: the first such line is it (a later one starts a second
        // section of the file, whose rows are read under the first header).
        if (score >= 2) return { offset, line, delimiter: best.delimiter, layout: best.layout };
        if (found === null && score >= 1) found = { offset, line, delimiter: best.delimiter, layout: best.layout };
      }
    }
    if (m === null) break;
    offset = re.lastIndex;
  }
  return found;
}

/**
 * The header row's column names, each with whether it names a contact field (a name, an e-mail, a phone,
 * a company …), or null when no line reads as a header: what a charset makes of the header, to choose
 * between two that read a file's bytes differently (`Příjmení` in windows-1250 is `Pøíjmení` in windows-1252).
 */
export function headerColumns(input: string): { name: string; read: boolean }[] | null {
  const text = input.replace(/^\uFEFF/, '');
  const found = findHeader(text);
  if (found === null) return null;
  const end = text.slice(found.offset).search(/\r\n|\n|\r/);
  const cells = cellsOfLine(end < 0 ? text.slice(found.offset) : text.slice(found.offset, found.offset + end), found.delimiter) ?? [];
  return cells.map((c) => ({ name: clean(c), read: namesContactField(genericRole(headerKey(c))) }));
}

/** Whether a generic role names a contact field (an e-mail's type or display name is read only with its e-mail). */
const namesContactField = (r: GenericRole | null): boolean => r !== null && r !== 'email_type' && r !== 'email_display';

/** How many columns of a generic header name a contact field. */
function headerScore(cells: string[]): number {
  let n = 0;
  for (const c of cells) if (namesContactField(genericRole(headerKey(c)))) n++;
  return n;
}

/**
 * csv-parse's errors by code, in words naming a line only (its own messages can quote a cell). `text`
 * starts at the header row, line `firstLine` of the file. A quoted cell never closed is named by the line
 * where its quote opens (csv-parse names the line where it gave up, the end of the file: "line 9" for a
 * quote opened on line 4).
 */
function unreadable(e: unknown, text: string, delimiter: CsvDelimiter, firstLine: number): CsvRefused {
  const err = e as { code?: string; lines?: number };
  // With relax_quotes, a stray quote is a character; only a quote never closed is fatal.
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') {
    const opened = unclosedQuoteLine(text, delimiter);
    return new CsvRefused(`is not a readable CSV file: a quoted cell is never closed${opened === null ? '' : ` (line ${opened + firstLine - 1})`}`);
  }
  const line = typeof err.lines === 'number' ? ` (line ${err.lines + firstLine - 1})` : '';
  return new CsvRefused(`is not a readable CSV file: it could not be parsed${line}`);
}

/**
 * The line (1-based, in `text`) where the quote of a quoted cell that is never closed opens, read as
 * csv-parse reads quotes with relax_quotes: a quote opens a cell only at its start; inside, `""` is a
 * quote, and a quote closes the cell only before a delimiter, a line end or the end of the text (any
 * other is a character). Null when every quoted cell closes.
 */
function unclosedQuoteLine(text: string, delimiter: CsvDelimiter): number | null {
  let line = 1;
  let cellStart = true;
  let opened: number | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      line++;
      if (opened === null) cellStart = true;
      continue;
    }
    if (opened !== null) {
      if (c !== '"') continue;
      const next = text[i + 1];
      if (next === '"') i++;
      else if (next === undefined || next === delimiter || next === '\r' || next === '\n') {
        opened = null;
        cellStart = false;
      }
    } else if (c === '"' && cellStart) opened = line;
    else cellStart = c === delimiter;
  }
  return opened;
}

/**
 * Reads a whole contacts CSV file: one row per data row after the header, in file order (blank lines
 * are no rows). Throws CsvRefused when no header row names contact columns, or the CSV cannot be parsed.
 */
export function readCsvFile(input: string): CsvFile {
  const whole = input.replace(/^\uFEFF/, '');
  const found = findHeader(whole);
  if (found === null) {
    throw new CsvRefused(
      `is a CSV without a header row naming contact columns: expected columns such as "Name" (or "First Name" and "Last Name"), "E-mail" and "Phone" in one of its first ${HEADER_SEARCH_LINES} lines, delimited by ",", ";" or a tab (Google Contacts, Outlook, Thunderbird and LinkedIn exports are read)`,
    );
  }
  // Two exports appended (`cat google.csv outlook.csv`): the second's header starts a file of its own.
  const later = laterHeader(whole, found.offset);
  const text = later === null ? whole : whole.slice(0, later);
  let records: string[][];
  try {
    records = parse(text.slice(found.offset), { delimiter: found.delimiter, relax_quotes: true, relax_column_count: true, skip_empty_lines: true });
  } catch (e) {
    throw unreadable(e, text.slice(found.offset), found.delimiter, found.line);
  }
  const [header, ...data] = records;
  const keys = header.map(headerKey);
  const columns = columnsOf(keys);
  const roles = found.layout === 'generic' ? genericRoles(keys, data) : [];
  const byRole = columnsByRole(roles);
  // Google's columns are found once per file, not once per row.
  const google = found.layout === 'google' ? googleRowConverter(header) : null;
  const lost = text.includes('\uFFFD');
  const rows = data
    // A line of spaces is a blank line, not a row.
    .filter((cells) => !(cells.length === 1 && cells[0].trim() === ''))
    .map((cells): CsvRow => {
      const notes: CsvNote[] = lost && cells.some((cell) => cell.includes('\uFFFD')) ? ['undecodable'] : [];
      const read = (cs: string[]) => (google === null ? rowEntry(found.layout, columns, cs, byRole) : google(cs));
      if (cells.slice(header.length).some((cell) => cell.trim() !== '')) {
        const joined = joinedRow(cells, header.length, found.delimiter, read);
        if (joined === null) return { entry: null, read: {}, notRead: NOT_READ_EXTRA_CELLS, notes };
        notes.push('joined_cells');
        return { entry: joined, read: joined, notes };
      }
      const entry = read(cells);
      return entry !== null && isUsable(entry) ? { entry, read: entry, notes } : { entry: null, read: {}, notes };
    });
  const file: CsvFile = {
    layout: found.layout,
    delimiter: found.delimiter,
    rows,
    sourceType: found.layout === 'google' ? 'gmail' : null,
    unreadColumns: found.layout === 'generic' ? unreadColumns(header, roles, data) : [],
  };
  if (later === null) return file;
  // The second header is a line of the upload, counted as one row (left out), then the second file's rows.
  const rest = readCsvFile(whole.slice(later));
  file.rows.push({ entry: null, read: {}, notes: ['second_header'] }, ...rest.rows);
  file.sourceType ??= rest.sourceType;
  file.unreadColumns = [...file.unreadColumns, ...rest.unreadColumns.filter((c) => !file.unreadColumns.includes(c))];
  return file;
}

/**
 * Where a second contacts header starts, after the header at `from`, or null: a line at a row's start (no
 * quoted cell open) with no address and no run of three digits that reads as a known export's header, or as a header
 * naming two contact columns or more, one an e-mail or a phone. Two exports appended (a Google CSV, then an
 * Outlook one) had the second's header and people read by the first's columns: Bob and Cy were left out
 * as rows "with more cells than the header" (a probe). Rows holding an address or most numbers (nearly
 * every data row) are passed over without a closer look.
 */
function laterHeader(text: string, from: number): number | null {
  const re = /\r\n|\n|\r/g;
  re.lastIndex = from;
  // The header line itself is no later header.
  if (re.exec(text) === null) return null;
  let offset = re.lastIndex;
  let quotes = 0;
  while (offset < text.length) {
    const m = re.exec(text);
    const end = m === null ? text.length : m.index;
    const raw = text.slice(offset, end);
    if (quotes % 2 === 0 && raw.trim() !== '' && !/@|\d{3}/.test(raw) && isContactsHeader(raw)) return offset;
    for (let i = 0; i < raw.length; i++) if (raw.charCodeAt(i) === 34) quotes++;
    if (m === null) break;
    offset = re.lastIndex;
  }
  return null;
}

/** Whether one line reads as a contacts header on its own (laterHeader). */
function isContactsHeader(raw: string): boolean {
  for (const delimiter of DELIMITERS) {
    const cells = cellsOfLine(raw, delimiter);
    if (cells === null || cells.length < 2) continue;
    const layout = layoutOf(cells);
    if (layout === null) continue;
    if (layout !== 'generic') return true;
    const roles = cells.map((c) => genericRole(headerKey(c)));
    if (headerScore(cells) >= 2 && roles.some((r) => r === 'email' || r === 'phone')) return true;
  }
  return false;
}

/** Most columns a warning names. */
const MAX_UNREAD_COLUMNS = 8;

/**
 * The columns of a generic file that hold a value in some row and are read as nothing, when the file
 * reads no column of names: its names (and often its numbers) were headed in words Kith does not know
 * (a probe: a Vietnamese `Họ và tên,Số điện thoại,Email` file was read as addresses alone, the names and
 * the phone-only people lost without a word). A file that reads its names may have any other columns
 * (addresses, birthdays, notes) without a warning. The header's own words, never a cell's.
 */
function unreadColumns(header: string[], roles: (GenericRole | null)[], data: string[][]): string[] {
  if (roles.some((r) => r === 'name' || r === 'first' || r === 'last' || r === 'last_first')) return [];
  const out: string[] = [];
  header.forEach((h, i) => {
    const name = clean(h);
    if (roles[i] === null && name !== '' && out.length < MAX_UNREAD_COLUMNS && data.some((row) => clean(row[i]) !== '')) out.push(name);
  });
  return out;
}

/** Most cells one row may have beyond the header's columns and still be read by joinedRow. */
const MAX_EXTRA_CELLS = 3;

/**
 * A row with more cells than the header has columns (a delimiter typed inside an unquoted cell: `Lee,
 * Ann,ann@x.com,…` under `Name,E-mail,…`), read as the one way of joining adjacent cells back into one
 * that lines it up with the header. A stray delimiter splits text (a name, a company, a street), never an
 * address or a number, so only joins of text cells are tried; a join is good when every e-mail of the
 * row it gives is an address and every phone a number, and the best is the one reaching the person
 * through the most of them. null (the row is not read, as before) when no join is good, or when two are
 * equally good: which cell held the delimiter is then not known.
 */
function joinedRow(cells: string[], width: number, delimiter: string, read: (cells: string[]) => Entry | null): Entry | null {
  let n = cells.length;
  while (n > width && cells[n - 1]!.trim() === '') n--;
  const extra = n - width;
  if (extra <= 0 || extra > MAX_EXTRA_CELLS) return null;
  let best: Entry | null = null;
  let bestScore = 0;
  let tie = false;
  for (let i = 0; i + extra < n; i++) {
    const part = cells.slice(i, i + extra + 1);
    if (part.some((c) => c.includes('@') || /^[\s\d+().\-/]+$/.test(c))) continue;
    const e = read([...cells.slice(0, i), part.join(delimiter), ...cells.slice(i + extra + 1, n)]);
    const score = e === null || !isUsable(e) ? -1 : channelScore(e);
    if (score <= 0) continue;
    if (score > bestScore) {
      best = e;
      bestScore = score;
      tie = false;
    } else if (score === bestScore) tie = true;
  }
  return tie ? null : best;
}

/** How many of a row's e-mails are addresses and phones numbers; -1 when one of them is not. */
function channelScore(e: Entry): number {
  let score = 0;
  for (const m of e.emails ?? []) {
    if (typeof m !== 'string' || m.includes(',') || normalizeEmail(m) === null) return -1;
    score++;
  }
  for (const p of e.phones ?? []) {
    if (typeof p !== 'string' || /[a-z]{3}/i.test(p) || normalizePhone(p, null) === null) return -1;
    score++;
  }
  return score;
}

/** A row of the other layouts (Google's rows: googleRowConverter). */
function rowEntry(layout: CsvLayout, columns: Columns, cells: string[], byRole: Map<GenericRole, number[]>): Entry | null {
  const c = new Cells(columns, cells);
  if (layout === 'outlook') return outlookRow(c);
  if (layout === 'thunderbird') return thunderbirdRow(c);
  if (layout === 'linkedin') return linkedinRow(c);
  return genericRow(c, byRole);
}

/** The usable rows of a contacts CSV file; the others are reported (numbered from 1), not fatal. Throws as readCsvFile. */
export function parseCsv(text: string): ParsedCsv {
  const file = readCsvFile(text);
  const entries: Entry[] = [];
  const skipped: ParsedCsv['skipped'] = [];
  file.rows.forEach((r, i) => {
    if (r.entry !== null) entries.push(r.entry);
    else skipped.push({ row: i + 1, reason: r.notRead ?? 'no name, e-mail, phone or company' });
  });
  return { entries, skipped, sourceType: file.sourceType, layout: file.layout };
}
