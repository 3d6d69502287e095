/**
 * The CSV reader of `kith import`, the file upload and the playground (src/readers/csv.ts): the layout
 * from the header (Google, Outlook, Thunderbird, LinkedIn, any CSV naming contact columns), the
 * delimiter, one row per data row, and what it refuses. Google's row conversion: googleRowToEntry.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { formatOf, openInput } from '../../src/cli/import/sources.ts';
import { CsvRefused, headerKey, layoutOf, parseCsv, readCsvFile } from '../../src/readers/csv.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import { mergeEntries } from '../../src/domain/merge.ts';
import { googleRowToEntry, isGoogleHeader } from '../../src/readers/google-csv.ts';
import { contradictedFormat, FileRefused, FormatContradicted, formatRefusal, readContactsFile, type FileFormat } from '../../src/readers/contacts-file.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** One CSV line: cells holding the delimiter, a quote or a line break are quoted, as exports do. */
const line = (cells: string[], d = ',') => cells.map((c) => (c.includes(d) || /["\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(d);
/** A file from its header and rows given by column name (the other cells empty), CRLF as Windows writes. */
const csv = (header: string[], rows: Record<string, string>[], d = ',') => {
  const lines = [header, ...rows.map((r) => header.map((h) => r[h] ?? ''))].map((cells) => line(cells, d));
  return `${lines.join('\r\n')}\r\n`;
};

/** A header row's columns, as the export writes the row. */
const columns = (header: string) => header.split(',');

/** Outlook's own export (Outlook 2010-365, English), in its column order. */
const OUTLOOK = columns(
  "Title,First Name,Middle Name,Last Name,Suffix,Company,Department,Job Title,Business Street,Business Street 2,Business Street 3,Business City,Business State,Business Postal Code,Business Country/Region,Home Street,Home Street 2,Home Street 3,Home City,Home State,Home Postal Code,Home Country/Region,Other Street,Other Street 2,Other Street 3,Other City,Other State,Other Postal Code,Other Country/Region,Assistant's Phone,Business Fax,Business Phone,Business Phone 2,Callback,Car Phone,Company Main Phone,Home Fax,Home Phone,Home Phone 2,ISDN,Mobile Phone,Other Fax,Other Phone,Pager,Primary Phone,Radio Phone,TTY/TDD Phone,Telex,Account,Anniversary,Assistant's Name,Billing Information,Birthday,Business Address PO Box,Categories,Children,Directory Server,E-mail Address,E-mail Type,E-mail Display Name,E-mail 2 Address,E-mail 2 Type,E-mail 2 Display Name,E-mail 3 Address,E-mail 3 Type,E-mail 3 Display Name,Gender,Government ID Number,Hobby,Home Address PO Box,Initials,Internet Free Busy,Keywords,Language,Location,Manager's Name,Mileage,Notes,Office Location,Organizational ID Number,Other Address PO Box,Priority,Private,Profession,Referred By,Sensitivity,Spouse,User 1,User 2,User 3,User 4,Web Page",
);
/** Google Contacts' "Outlook CSV" export. */
const GOOGLE_OUTLOOK = columns(
  "First Name,Middle Name,Last Name,Title,Suffix,Nickname,Given Yomi,Surname Yomi,E-mail Address,E-mail 2 Address,E-mail 3 Address,Home Phone,Home Phone 2,Business Phone,Business Phone 2,Mobile Phone,Car Phone,Other Phone,Primary Phone,Pager,Business Fax,Home Fax,Other Fax,Company Main Phone,Callback,Radio Phone,Telex,TTY/TDD Phone,IMAddress,Job Title,Department,Company,Office Location,Manager's Name,Assistant's Name,Assistant's Phone,Company Yomi,Business Street,Business City,Business State,Business Postal Code,Business Country/Region,Home Street,Home City,Home State,Home Postal Code,Home Country/Region,Other Street,Other City,Other State,Other Postal Code,Other Country/Region,Personal Web Page,Spouse,Schools,Hobby,Location,Web Page,Birthday,Anniversary,Notes",
);
/** Windows Live Mail / Hotmail's export: a "Name" column, one e-mail. */
const WINDOWS_LIVE = columns(
  'First Name,Last Name,Middle Name,Name,Nickname,E-mail Address,Home Street,Home City,Home Postal Code,Home State,Home Country/Region,Home Phone,Home Fax,Mobile Phone,Personal Web Page,Business Street,Business City,Business Postal Code,Business State,Business Country/Region,Business Web Page,Business Phone,Business Fax,Pager,Company,Job Title,Department,Office Location,Notes',
);
/** Thunderbird's CSV export (English). */
const THUNDERBIRD = columns(
  'First Name,Last Name,Display Name,Nickname,Primary Email,Secondary Email,Screen Name,Work Phone,Home Phone,Fax Number,Pager Number,Mobile Number,Home Address,Home Address 2,Home City,Home State,Home ZipCode,Home Country,Work Address,Work Address 2,Work City,Work State,Work ZipCode,Work Country,Job Title,Department,Organization,Web Page 1,Web Page 2,Birth Year,Birth Month,Birth Day,Custom 1,Custom 2,Custom 3,Custom 4,Notes',
);
/** LinkedIn's Connections.csv: a preamble, a blank line, then the header. */
const LINKEDIN_PREAMBLE =
  'Notes:\r\n"When exporting your connection data, you may notice that some of the email addresses are missing. You will only see email addresses for connections who have allowed their connections to see or download their email address using this setting https://www.linkedin.com/psettings/privacy/email. You can learn more here https://www.linkedin.com/help/linkedin/answer/261"\r\n\r\n';
const LINKEDIN = ['First Name', 'Last Name', 'URL', 'Email Address', 'Company', 'Position', 'Connected On'];

const entries = (text: string) => readCsvFile(text).rows.map((r) => r.entry);

describe('googleRowToEntry (pure)', () => {
  it('names written in Han, kana or Hangul are family name first from Google, Outlook, Thunderbird and LinkedIn columns, as from every other reader', () => {
    assert.equal(googleRowToEntry({ 'First Name': '太郎', 'Last Name': '山田', 'E-mail 1 - Value': 'taro@x.example' })!.name, '山田 太郎');
    assert.equal(googleRowToEntry({ 'Given Name': '민준', 'Family Name': '김', 'E-mail 1 - Value': 'mj@x.example' })!.name, '김 민준');
    assert.equal(googleRowToEntry({ 'First Name': 'Taro', 'Last Name': 'Yamada', 'E-mail 1 - Value': 'taro@x.example' })!.name, 'Taro Yamada');
    const outlook = readCsvFile(csv(GOOGLE_OUTLOOK, [{ 'First Name': '太郎', 'Last Name': '山田', 'E-mail Address': 'taro@x.example' }])).rows[0].entry;
    assert.equal(outlook!.name, '山田 太郎');
  });

  it('a phone cell of several numbers reads as the same string does in a JSON upload: a national number after an international one takes its country', () => {
    const cell = '+1 415 555 0160 ::: (415) 555-0161';
    const keys = (phones: string[]) => normalizeEntry({ name: 'Ann Lee', phones }, { region: null, sourceKey: 's' }).phones.map((p) => p.key);
    const google = googleRowToEntry({ 'First Name': 'Ann', 'Last Name': 'Lee', 'Phone 1 - Label': 'Mobile', 'Phone 1 - Value': cell });
    assert.deepEqual(keys(google!.phones!), ['p:+14155550160', 'p:+14155550161']);
    assert.deepEqual(keys(google!.phones!), keys([cell]));
    const outlook = readCsvFile(csv(GOOGLE_OUTLOOK, [{ 'First Name': 'Ann', 'Last Name': 'Lee', 'Mobile Phone': cell }])).rows[0].entry;
    assert.deepEqual(keys(outlook!.phones!), keys([cell]));
    // Separate cells are separate fields, as separate strings of a JSON array: no country is carried.
    const two = googleRowToEntry({ 'First Name': 'Ann', 'Phone 1 - Value': '+1 415 555 0160', 'Phone 2 - Value': '(415) 555-0161' });
    assert.deepEqual(keys(two!.phones!), ['p:+14155550160', 'n:4155550161']);
  });

  it('a generic file: an address typed in the phone column is read (the card e-mail, as every reader reads it), a label is not', () => {
    const f = readCsvFile('Name,Email,Phone\nDee Ray,,dee@s.example\nEve Ng,,n/a\n');
    assert.equal(f.layout, 'generic');
    const dee = normalizeEntry(f.rows[0]!.entry as never, { region: null, sourceKey: 's' });
    assert.deepEqual(
      dee.emails.map((m) => m.key),
      ['dee@s.example'],
    );
    assert.equal(f.rows[1]!.entry?.phones, undefined);
    // The card's own address with its name or a label is read; a note naming someone else's address is
    // not the card's (a review: Pat's mailbox was Ida's; three `Front desk:` cards were one person).
    const note = readCsvFile(
      'Name,Email,Phone\nIda Ky,ida@acme.example,Assistant: pat@acme.example\nFay Oz,,Front desk: reception@acme.example\nNed Ox,,Ned Ox <ned@ox.example>\nRay Su,,Home: ray@su.example\n',
    );
    const keys = (i: number) => normalizeEntry(note.rows[i]!.entry as never, { region: null, sourceKey: 's' }).emails.map((m) => m.key);
    assert.deepEqual(keys(0), ['ida@acme.example']);
    assert.deepEqual(keys(1), []);
    assert.deepEqual(keys(2), ['ned@ox.example']);
    assert.deepEqual(keys(3), ['ray@su.example']);
  });

  it('reads the current layout: split names, multi-value cells, primary first, starred', () => {
    const entry = googleRowToEntry({
      'First Name': 'Zoë',
      'Last Name': 'Müller',
      'Organization Name': 'Acme, Inc.',
      'Organization Title': 'Director',
      Labels: '* myContacts ::: * starred',
      'E-mail 1 - Label': 'Work',
      'E-mail 1 - Value': 'zoe@acme.example',
      'E-mail 2 - Label': '* Home',
      'E-mail 2 - Value': 'Zoe.Mueller@example.com',
      'Phone 1 - Label': 'Mobile',
      'Phone 1 - Value': '(415) 555-0123 ::: +1 415 555 0199',
      'Address 1 - Label': 'Home',
      'Address 1 - City': 'San Francisco',
      'Address 1 - Country': 'United States',
      'Website 1 - Label': 'Blog',
      'Website 1 - Value': 'https://zoe.example.com',
    });
    assert.deepEqual(entry, {
      name: 'Zoë Müller',
      emails: ['Zoe.Mueller@example.com', 'zoe@acme.example'],
      phones: ['(415) 555-0123 ::: +1 415 555 0199'],
      company: 'Acme, Inc.',
      title: 'Director',
      addresses: [{ city: 'San Francisco', country: 'United States', type: 'home' }],
      websites: [{ url: 'https://zoe.example.com', type: 'blog' }],
      is_favorite: 1,
    });
  });

  it('reads the legacy layout (Name, Organization 1 - Name, IM columns, Group Membership)', () => {
    const entry = googleRowToEntry({
      Name: 'Bo Chen',
      'Given Name': 'Bo',
      'Group Membership': '* My Contacts ::: * Starred',
      'E-mail 1 - Type': '* Work',
      'E-mail 1 - Value': 'bo@example.net',
      'Organization 1 - Name': 'Chen Labs',
      'Organization 1 - Title': 'CTO',
      'IM 1 - Type': 'Work',
      'IM 1 - Service': 'Jabber',
      'IM 1 - Value': 'bo@jabber.example',
    });
    assert.deepEqual(entry, {
      name: 'Bo Chen',
      emails: ['bo@example.net'],
      company: 'Chen Labs',
      title: 'CTO',
      ims: [{ name: 'bo@jabber.example', protocol: 'jabber', type: 'work' }],
      is_favorite: 1,
    });
  });

  it('gives null for a row with nothing usable', () => {
    assert.equal(googleRowToEntry({ Notes: 'just a note', Labels: '* myContacts' }), null);
  });
});

describe('readCsvFile: headers in Vietnamese, Indonesian, Malay, Turkish, Thai, Persian and Hindi (probe: names and numbers were lost)', () => {
  const read = (text: string) => readContactsFile(Buffer.from(text), { format: 'csv' });
  it('reads the name, given and family name, phone and e-mail columns of each', () => {
    const cases: [string, { name: string; phones?: string[]; emails?: string[] }][] = [
      [
        'Họ và tên,Số điện thoại,Email\nNguyễn Văn An,0912 345 678,an@example.vn\n',
        { name: 'Nguyễn Văn An', phones: ['0912 345 678'], emails: ['an@example.vn'] },
      ],
      ['Tên,SĐT\nNguyễn Văn An,0912345678\n', { name: 'Nguyễn Văn An', phones: ['0912345678'] }],
      ['Họ,Tên,Di động,Thư điện tử\nNguyễn,An,0912 345 678,an@example.vn\n', { name: 'Nguyễn An', phones: ['0912 345 678'], emails: ['an@example.vn'] }],
      // Family name first, as Vietnamese writes it, whatever the columns' order.
      ['Tên,Họ,Di động\nVăn An,Nguyễn,0912 345 678\n', { name: 'Nguyễn Văn An', phones: ['0912 345 678'] }],
      // A `Tên` cell holding the whole name is the name as written, its family name not written twice.
      ['Họ,Tên,Di động\nNguyễn,Nguyễn Văn An,0912 345 678\n', { name: 'Nguyễn Văn An', phones: ['0912 345 678'] }],
      ['Nama,No HP,Surel\nBudi Santoso,0812-3456-7890,budi@example.id\n', { name: 'Budi Santoso', phones: ['0812-3456-7890'], emails: ['budi@example.id'] }],
      ['Nama Depan,Nama Belakang,Nomor Telepon\nBudi,Santoso,0812-3456-7890\n', { name: 'Budi Santoso', phones: ['0812-3456-7890'] }],
      [
        'Nama Penuh,No. Telefon,E-mel\nAhmad bin Ali,012-345 6789,ahmad@example.my\n',
        { name: 'Ahmad bin Ali', phones: ['012-345 6789'], emails: ['ahmad@example.my'] },
      ],
      [
        'Ad Soyad,Cep Telefonu,E-posta\nAyşe Yılmaz,0532 123 45 67,ayse@example.com.tr\n',
        { name: 'Ayşe Yılmaz', phones: ['0532 123 45 67'], emails: ['ayse@example.com.tr'] },
      ],
      [
        'ชื่อ,นามสกุล,เบอร์โทร,อีเมล\nสมชาย,ใจดี,081 234 5678,somchai@example.co.th\n',
        { name: 'สมชาย ใจดี', phones: ['081 234 5678'], emails: ['somchai@example.co.th'] },
      ],
      [
        'نام,نام خانوادگی,تلفن همراه,ایمیل\nعلی,رضایی,0912 345 6789,ali@example.ir\n',
        { name: 'علی رضایی', phones: ['0912 345 6789'], emails: ['ali@example.ir'] },
      ],
      ['नाम,फ़ोन,ईमेल\nराहुल शर्मा,98765 43210,rahul@example.in\n', { name: 'राहुल शर्मा', phones: ['98765 43210'], emails: ['rahul@example.in'] }],
    ];
    for (const [text, entry] of cases) {
      const f = read(text);
      assert.deepEqual(f.entries, [entry], text);
      assert.deepEqual(f.warnings, [], text);
    }
  });
  it('a file that reads no column of names says which of its columns it did not read; one that reads its names does not', () => {
    const f = read('Khách,Liên lạc,Ghi chú,Email\nNguyễn Văn An,0912 345 678,,an@example.vn\n');
    assert.deepEqual(f.entries, [{ emails: ['an@example.vn'] }]);
    assert.equal(f.warnings.length, 1);
    assert.equal(f.warnings[0]!.field, 'body');
    // Only the columns that hold a value; the header's words, never a cell's.
    assert.match(f.warnings[0]!.message, /^no column of names was found, and the CSV's columns "Khách", "Liên lạc" were not read: name the columns "Name"/);
    assert.doesNotMatch(f.warnings[0]!.message, /Nguyễn|0912/);
    assert.deepEqual(read('Name,Email,Birthday,Notes\nAnn Lee,ann@example.com,1990-01-01,met in Lisbon\n').warnings, []);
    assert.deepEqual(read('Email\nann@example.com\n').warnings, []);
    // `Ten` and `Ho` alone are no Vietnamese columns (a review: a column of numbers headed `Ten` was a name).
    assert.deepEqual(read('Email,Phone,Ten\na@x.example,+1 415 555 0100,10\n').entries, [{ emails: ['a@x.example'], phones: ['+1 415 555 0100'] }]);
    assert.deepEqual(read('Name,Ho\nAnn Lee,x\n').entries, [{ name: 'Ann Lee' }]);
  });
});

describe('readCsvFile: Google Contacts exports (must not change)', () => {
  it('the current layout: every data row is a row, the one with nothing usable too; source gmail', () => {
    const f = readCsvFile(fixture('google.csv'));
    assert.equal(f.layout, 'google');
    assert.equal(f.sourceType, 'gmail');
    assert.equal(f.rows.length, 3);
    assert.equal(f.rows[0].entry?.company, 'Acme, Inc.');
    assert.deepEqual(f.rows[0].entry?.photos, ['https://lh3.googleusercontent.com/photo.jpg']);
    assert.equal(f.rows[0].entry?.is_favorite, 1);
    assert.deepEqual(f.rows[1].entry, { name: 'Ana Silva', emails: ['ana@example.org'] });
    // The note-only row: no entry, `{}` in the upload, not "not read" (it was read: it holds nothing).
    assert.deepEqual(f.rows[2], { entry: null, read: {}, notes: [] });
  });

  it('the legacy layout', () => {
    const f = readCsvFile(fixture('google-legacy.csv'));
    assert.equal(f.layout, 'google');
    assert.deepEqual(
      f.rows.map((r) => r.entry?.name),
      ['Bo Chen'],
    );
  });

  it('parseCsv: the usable rows, and the others numbered from 1', () => {
    const r = parseCsv(fixture('google.csv'));
    assert.deepEqual(
      r.entries.map((e) => e.name),
      ['Zoë Müller', 'Ana Silva'],
    );
    assert.deepEqual(r.skipped, [{ row: 3, reason: 'no name, e-mail, phone or company' }]);
    assert.equal(r.sourceType, 'gmail');
  });
});

describe('readCsvFile: Outlook exports', () => {
  it("Outlook in Italian, Dutch, Portuguese, Spanish and Japanese: the person's own phones (Ufficio, Abitazione), never the company's main number, the middle name, a Japanese name family name first (file probe)", () => {
    const rows = (text: string) => entries(text).map((e) => e && [e.name, e.emails ?? [], e.phones ?? []]);
    assert.deepEqual(
      rows(
        'Nome,Secondo nome,Cognome,Ufficio,Ufficio 2,Abitazione,Telefono principale società,Cellulare,Indirizzo posta elettronica,Via (uff.)\n' +
          'Marco,,Bianchi,,,06 1234 5678,,,,\n' +
          'Lucia,Anna,Verdi,02 8765 4321,,,02 8765 0000,,,Via Roma 1\n' +
          'Paolo,Maria,Neri,,,,02 8765 0000,333 123 4567,paolo@neri.it,\n',
      ),
      [
        ['Marco Bianchi', [], ['06 1234 5678']],
        ['Lucia Anna Verdi', [], ['02 8765 4321']],
        ['Paolo Maria Neri', ['paolo@neri.it'], ['333 123 4567']],
      ],
    );
    assert.deepEqual(
      rows(
        'Voornaam;Middelste naam;Achternaam;E-mailadres;Mobiele telefoon;Hoofdtelefoon bedrijf\nAnouk;van der;Berg;anouk@voorbeeld.nl;06 12345678;020 555 0000\n',
      ),
      [['Anouk van der Berg', ['anouk@voorbeeld.nl'], ['06 12345678']]],
    );
    assert.deepEqual(
      rows(
        'Nome;Segundo Nome;Sobrenome;Telefone comercial;Telefone principal da empresa;Telefone celular;Endereço de email\nAna;Paula;Souza;(11) 3333-4444;(11) 3000-0000;(11) 98765-4321;ana@itau.example\n',
      ),
      [['Ana Paula Souza', ['ana@itau.example'], ['(11) 3333-4444', '(11) 98765-4321']]],
    );
    assert.deepEqual(rows('Nombre;Segundo nombre;Apellidos;Dirección de correo electrónico;Teléfono móvil\nJuan;Carlos;Pérez;jc@ejemplo.es;612345678\n'), [
      ['Juan Carlos Pérez', ['jc@ejemplo.es'], ['612345678']],
    ]);
    assert.deepEqual(rows('名,ミドル ネーム,姓,携帯電話,会社代表電話,電子メール アドレス\n太郎,,山田,090-1234-5678,03-1234-0000,taro@example.jp\n'), [
      ['山田 太郎', ['taro@example.jp'], ['090-1234-5678']],
    ]);
    // A column named by a place holds no phone when its cells are none; alone, a company's main number is the person's.
    assert.deepEqual(rows('Nome,Cognome,Ufficio,Email\nAnna,Rossi,Vendite,anna@x.it\n'), [['Anna Rossi', ['anna@x.it'], []]]);
    assert.deepEqual(rows('Nome,Cognome,Telefono principale società\nAnna,Rossi,02 8765 0000\n'), [['Anna Rossi', [], ['02 8765 0000']]]);
  });

  it("Outlook's own: a name with its prefix, SMTP addresses only (an Exchange X.500 name is none), a person's phones, addresses", () => {
    const f = readCsvFile(
      csv(OUTLOOK, [
        {
          Title: 'Dr.',
          'First Name': 'Zoë',
          'Last Name': 'Müller',
          Company: 'Acme, Inc.',
          'Job Title': 'Director',
          'Business Street': '1 Main St',
          'Business Street 2': 'Floor 3',
          'Business City': 'San Francisco',
          'Business State': 'CA',
          'Business Postal Code': '94105',
          'Business Country/Region': 'United States',
          'Mobile Phone': '+1 415 555 0123',
          'Business Phone': '+1 415 555 0100',
          'Business Fax': '+1 415 555 0199',
          "Assistant's Phone": '+1 415 555 0177',
          'Company Main Phone': '+1 415 555 0000',
          'E-mail Address': 'zoe@acme.example',
          'E-mail Type': 'SMTP',
          'E-mail Display Name': 'Zoë Müller (zoe@acme.example)',
          'E-mail 2 Address': '/o=ExchangeLabs/ou=Exchange Administrative Group (FYDIBOHF23SPDLT)/cn=Recipients/cn=zoe',
          'E-mail 2 Type': 'EX',
          'E-mail 3 Address': 'Zoe.Mueller@example.com',
          'E-mail 3 Type': 'SMTP',
          Categories: 'Friends',
          Notes: 'met at a conference, then "lunch"',
          'Web Page': 'https://zoe.example.com',
        },
        { 'E-mail Display Name': 'Bo Chen (bo@example.net)', 'E-mail Address': 'bo@example.net', 'E-mail Type': 'SMTP' },
        { Notes: 'only a note' },
      ]),
    );
    assert.equal(f.layout, 'outlook');
    assert.equal(f.sourceType, null, 'no source type of the API fits an Outlook export');
    assert.deepEqual(f.rows[0].entry, {
      name: 'Dr. Zoë Müller',
      emails: ['zoe@acme.example', 'Zoe.Mueller@example.com'],
      phones: ['+1 415 555 0123', '+1 415 555 0100'],
      company: 'Acme, Inc.',
      title: 'Director',
      addresses: [{ street: '1 Main St, Floor 3', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'United States', type: 'work' }],
      websites: [{ url: 'https://zoe.example.com', type: 'other' }],
    });
    // No name columns: the display name without its address.
    assert.deepEqual(f.rows[1].entry, { name: 'Bo Chen', emails: ['bo@example.net'] });
    assert.deepEqual(f.rows[2], { entry: null, read: {}, notes: [] });
  });

  it('Outlook: an SMTP address typed "EX" is read (it was left out as nothing to invite); an X.500 name is not; a display name "Name (addr)" gives the address of a column holding none (probe)', () => {
    const dn = '/o=ExchangeLabs/ou=Exchange Administrative Group (FYDIBOHF23SPDLT)/cn=Recipients/cn=ann';
    const f = readCsvFile(
      csv(OUTLOOK, [
        { 'First Name': 'Yuki', 'Last Name': 'Sato', 'E-mail Address': 'yuki.sato@example.jp', 'E-mail Type': 'EX', 'E-mail Display Name': 'Yuki Sato' },
        { 'First Name': 'Ann', 'Last Name': 'Lee', 'E-mail Address': dn, 'E-mail Type': 'EX', 'E-mail Display Name': 'Ann Lee (ann.lee@example.com)' },
        { 'E-mail Type': 'EX', 'E-mail Display Name': 'Yuki Sato (yuki.sato@example.jp)' },
        { 'First Name': 'Kim', 'Last Name': 'Ward', 'E-mail 2 Address': dn, 'E-mail 2 Type': 'EX', 'E-mail 2 Display Name': 'kim.ward@example.com' },
        // Must not: an X.500 name alone, whatever its type or prefix; a display name without an address;
        // a display name's address beside the column's own (the column's is the one written to).
        {
          'First Name': 'Bo',
          'Last Name': 'Chen',
          'E-mail Address': dn,
          'E-mail Type': 'EX',
          'E-mail Display Name': 'Bo Chen',
          'Mobile Phone': '+1 415 555 0123',
        },
        { 'First Name': 'Cy', 'Last Name': 'Dee', 'E-mail Address': `EX:${dn}`, 'E-mail Type': 'SMTP', 'Mobile Phone': '+1 415 555 0124' },
        { 'First Name': 'Eve', 'Last Name': 'Fox', 'E-mail Address': 'Eve Fox', 'E-mail Type': 'EX', 'Mobile Phone': '+1 415 555 0125' },
        {
          'First Name': 'Gil',
          'Last Name': 'Amar',
          'E-mail Address': 'gil@example.com',
          'E-mail Type': 'SMTP',
          'E-mail Display Name': 'Gil Amar (gil@old.example)',
        },
      ]),
    );
    assert.equal(f.layout, 'outlook');
    assert.deepEqual(f.rows[0].entry, { name: 'Yuki Sato', emails: ['yuki.sato@example.jp'] });
    assert.deepEqual(f.rows[1].entry, { name: 'Ann Lee', emails: ['ann.lee@example.com'] });
    assert.deepEqual(f.rows[2].entry, { name: 'Yuki Sato', emails: ['yuki.sato@example.jp'] });
    assert.deepEqual(f.rows[3].entry, { name: 'Kim Ward', emails: ['kim.ward@example.com'] });
    assert.deepEqual(f.rows[4].entry, { name: 'Bo Chen', phones: ['+1 415 555 0123'] });
    assert.deepEqual(f.rows[5].entry, { name: 'Cy Dee', phones: ['+1 415 555 0124'] });
    assert.deepEqual(f.rows[6].entry, { name: 'Eve Fox', phones: ['+1 415 555 0125'] });
    assert.deepEqual(f.rows[7].entry, { name: 'Gil Amar', emails: ['gil@example.com'] });
  });

  it("Outlook in German, French, Spanish, Italian, Portuguese and Dutch: an Exchange entry's X.500 name is no address, its display name's is read, per e-mail column (probe 12: every EX contact was lost as invalid)", () => {
    const dn = '/o=ExchangeLabs/ou=Exchange Administrative Group (FYDIBOHF23SPDLT)/cn=Recipients/cn=kbecker';
    const dn2 = '/o=ExchangeLabs/ou=Exchange Administrative Group (FYDIBOHF23SPDLT)/cn=Recipients/cn=kb2';
    // Microsoft's own header strings, as Outlook writes them in each language (not always one way within a file).
    const LANGS: [string, string[], string[], string[]][] = [
      [
        'de',
        ['Vorname', 'Nachname'],
        ['E-Mail-Adresse', 'E-Mail-Typ', 'E-Mail: Angezeigter Name'],
        ['E-Mail 2: Adresse', 'E-Mail 2: Typ', 'E-Mail 2: Angezeigter Name'],
      ],
      [
        'fr',
        ['Prénom', 'Nom'],
        ['Adresse de messagerie', 'Type de messagerie', "Nom complet de l'adresse de messagerie"],
        ['Adresse de messagerie 2', 'Type de messagerie 2', "Nom complet de l'adresse de messagerie 2"],
      ],
      [
        'es',
        ['Nombre', 'Apellidos'],
        ['Dirección de correo electrónico', 'Tipo de correo electrónico', 'Nombre de pantalla de correo electrónico'],
        ['Dirección de correo electrónico 2', 'Tipo de correo electrónico 2', 'Nombre de pantalla de correo electrónico 2'],
      ],
      [
        'it',
        ['Nome', 'Cognome'],
        ['Indirizzo posta elettronica', 'Tipo posta elettronica', 'Nome visualizzato posta elettronica'],
        ['Indirizzo posta elettronica 2', 'Tipo posta elettronica 2', 'Nome visualizzato posta elettronica 2'],
      ],
      [
        'pt-BR',
        ['Nome', 'Sobrenome'],
        ['E-mail Address', 'Tipo de email', 'Nome para exibição do email'],
        ['Endereço de email 2', 'Tipo de email 2', 'Nome para exibição do email 2'],
      ],
      [
        'pt-PT',
        // Portugal's Outlook names the family name `Apelido`, Brazil's nickname: not read (out of this test's scope).
        ['Nome', 'Sobrenome'],
        ['Endereço de correio electrónico', 'Tipo de correio electrónico', 'Nome a apresentar para o correio electrónico'],
        ['Endereço do correio electrónico 2', 'Tipo de correio electrónico 2', 'Nome a apresentar para o correio electrónico 2'],
      ],
      [
        'nl',
        ['Voornaam', 'Achternaam'],
        ['E-mailadres', 'E-mailtype', 'Weergavenaam voor e-mail'],
        ['E-mailadres 2', 'E-mailtype 2', 'E-mail, weergegeven naam 2'],
      ],
    ];
    for (const [lang, [first, last], [a1, t1, d1], [a2, t2, d2]] of LANGS) {
      const header = [first, last, a1, t1, d1, a2, t2, d2, 'Mobiltelefon'];
      const f = readCsvFile(
        csv(header, [
          { [first]: 'Klaus', [last]: 'Becker', [a1]: dn, [t1]: 'EX', [d1]: 'Klaus Becker (klaus.becker@corp.de)' },
          {
            [first]: 'Ute',
            [last]: 'Lang',
            [a1]: 'ute@privat.de',
            [t1]: 'SMTP',
            [d1]: 'Ute Lang (ute@privat.de)',
            [a2]: dn2,
            [t2]: 'EX',
            [d2]: 'Ute Lang (ute.lang@corp.de)',
          },
          // Must not: the display name's address beside the column's own; an X.500 name with no address shown.
          { [first]: 'Gil', [last]: 'Amar', [a1]: 'gil@corp.de', [t1]: 'SMTP', [d1]: 'Gil Amar (gil@old.example)' },
          { [first]: 'Bo', [last]: 'Chen', [a1]: dn, [t1]: 'EX', [d1]: 'Bo Chen', Mobiltelefon: '+49 171 1234567' },
        ]),
      );
      assert.equal(f.layout, 'generic', lang);
      assert.deepEqual(
        f.rows.map((r) => r.entry),
        [
          { name: 'Klaus Becker', emails: ['klaus.becker@corp.de'] },
          { name: 'Ute Lang', emails: ['ute@privat.de', 'ute.lang@corp.de'] },
          { name: 'Gil Amar', emails: ['gil@corp.de'] },
          { name: 'Bo Chen', phones: ['+49 171 1234567'] },
        ],
        lang,
      );
    }
    // Must keep: a plain file's "Email" and "Email Type" columns read as before (no display name read as an address).
    assert.deepEqual(entries('Name,Email,Email Type\nAnn Lee,ann@x.com,Work\n'), [{ name: 'Ann Lee', emails: ['ann@x.com'] }]);
  });

  it("Outlook: an IMCEAEX address carrying only a DN is kept, and the display name's SMTP address is read beside it, as for a plain X.500 name (probe 12)", () => {
    const guid =
      'IMCEAEX-_o=ExchangeLabs_ou=Exchange+20Administrative+20Group+20+28FYDIBOHF23SPDLT+29_cn=Recipients_cn=4f1e2d3c4b5a69788796a5b4c3d2e1f0-kpark@corp.com';
    const smtp = 'IMCEANOTES-+22Lee+2C+20Ann+22+20+3Cann+2Elee+40corp+2Ecom+3E+40CORP@corp.com';
    const f = readCsvFile(
      csv(OUTLOOK, [
        { 'First Name': 'Kim', 'Last Name': 'Park', 'E-mail Address': guid, 'E-mail Type': 'SMTP', 'E-mail Display Name': 'Kim Park (kim.park@corp.com)' },
        // Must not: beside an encapsulated address carrying the SMTP address, the display name's is not read.
        { 'First Name': 'Ann', 'Last Name': 'Lee', 'E-mail Address': smtp, 'E-mail Type': 'SMTP', 'E-mail Display Name': 'Ann Lee (ann@old.example)' },
      ]),
    );
    assert.deepEqual(f.rows[0].entry, { name: 'Kim Park', emails: [guid, 'kim.park@corp.com'] });
    assert.deepEqual(f.rows[1].entry, { name: 'Ann Lee', emails: [smtp] });
  });

  it("Outlook: a company's own card whose only number is its Company Main Phone keeps it (a person's card never); every line of the person's own is read, the assistant's, faxes, pager and telex never (file probe)", () => {
    const f = readCsvFile(
      csv(GOOGLE_OUTLOOK, [
        { Company: 'Northwind Traders', 'Company Main Phone': '+1 425 555 0100', 'Web Page': 'northwind.example' },
        {
          'First Name': 'Nancy',
          'Last Name': 'Davolio',
          Company: 'Northwind Traders',
          'Business Phone': '+1 425 555 0101',
          'Company Main Phone': '+1 425 555 0100',
        },
        {
          'First Name': 'Cy',
          Callback: '+1 425 555 0102',
          'Radio Phone': '+1 425 555 0103',
          'TTY/TDD Phone': '+1 425 555 0104',
          'Other Phone': '+1 425 555 0105',
        },
        { 'First Name': 'Di', 'Primary Phone': '+1 425 555 0106', 'Car Phone': '+1 425 555 0107' },
        { 'First Name': 'Ed', "Assistant's Phone": '+1 425 555 0108', 'Business Fax': '+1 425 555 0109', Pager: '+1 425 555 0110', Telex: '+1 425 555 0111' },
        { 'First Name': 'Gil', Company: 'Northwind Traders', 'E-mail Address': 'gil@northwind.example', 'Company Main Phone': '+1 425 555 0100' },
      ]),
    );
    assert.deepEqual(
      f.rows.map((r) => r.read.phones),
      [
        ['+1 425 555 0100'],
        ['+1 425 555 0101'],
        ['+1 425 555 0105', '+1 425 555 0102', '+1 425 555 0103', '+1 425 555 0104'],
        ['+1 425 555 0106', '+1 425 555 0107'],
        undefined,
        undefined,
      ],
    );
    const own = readCsvFile(csv(OUTLOOK, [{ 'First Name': 'Flo', ISDN: '+1 425 555 0112' }]));
    assert.deepEqual(own.rows[0].entry?.phones, ['+1 425 555 0112']);
    // A localised Outlook (read by the generic reader): the same for "Telefon Firma".
    const de = readCsvFile(
      'Vorname;Nachname;Firma;Telefon geschäftlich;Telefon Firma\r\n;;Müller GmbH;;+49 89 123456-0\r\nJürgen;Weiß;Müller GmbH;+49 89 123456-10;+49 89 123456-0\r\n',
    );
    assert.deepEqual(
      de.rows.map((r) => r.read.phones),
      [['+49 89 123456-0'], ['+49 89 123456-10']],
    );
  });

  it('Google Contacts: a "Company Main" number is read only for the company\'s own card holding no other number', () => {
    const header = 'Name,Organization 1 - Name,Phone 1 - Type,Phone 1 - Value,Phone 2 - Type,Phone 2 - Value';
    const f = readCsvFile(
      `${header}\n,Bay Plumbing,Company Main,(415) 555-0199,Work Fax,(415) 555-0198\nAl Bo,Bay Plumbing,Company Main,(415) 555-0199,Mobile,(415) 555-0190\nCy Do,Bay Plumbing,Company Main,(415) 555-0199,,\n`,
    );
    // A person's card never takes the switchboard.
    assert.deepEqual(
      f.rows.map((r) => r.read.phones),
      [['(415) 555-0199'], ['(415) 555-0190'], undefined],
    );
  });

  it('Google Contacts\' "Outlook CSV": names, e-mails 1-3, phones (pagers and faxes left out), IM, home address', () => {
    const f = readCsvFile(
      csv(GOOGLE_OUTLOOK, [
        {
          'First Name': 'Ana',
          'Last Name': 'Silva',
          Nickname: 'Aninha',
          'E-mail Address': 'ana@example.org',
          'E-mail 2 Address': 'ana.silva@work.example',
          'Home Phone': '+351 21 123 4567',
          'Mobile Phone': '+351 912 345 678 ::: +351 913 000 000',
          Pager: '+351 900 000 000',
          'Home Fax': '+351 21 999 9999',
          IMAddress: 'ana@jabber.example',
          'Home Street': 'Rua Augusta 1',
          'Home City': 'Lisboa',
          'Home Postal Code': '1100-048',
          'Home Country/Region': 'Portugal',
        },
      ]),
    );
    assert.equal(f.layout, 'outlook');
    assert.deepEqual(f.rows[0].entry, {
      name: 'Ana Silva',
      emails: ['ana@example.org', 'ana.silva@work.example'],
      phones: ['+351 912 345 678 ::: +351 913 000 000', '+351 21 123 4567'],
      nickname: 'Aninha',
      addresses: [{ street: 'Rua Augusta 1', city: 'Lisboa', postal_code: '1100-048', country: 'Portugal', type: 'home' }],
      ims: [{ name: 'ana@jabber.example' }],
    });
  });

  it('Windows Live: the "Name" column when there are no name parts; a "Title" that is no prefix is the job', () => {
    const f = readCsvFile(
      csv(WINDOWS_LIVE, [
        { Name: 'Carl Berg', 'E-mail Address': 'carl@example.com', 'Business Phone': '+46 8 123 456 78' },
        { 'First Name': 'Dana', 'E-mail Address': 'dana@example.com' },
      ]),
    );
    assert.equal(f.layout, 'outlook');
    assert.deepEqual(entries(csv(WINDOWS_LIVE, [{ Name: 'Carl Berg', 'E-mail Address': 'carl@example.com', 'Business Phone': '+46 8 123 456 78' }])), [
      { name: 'Carl Berg', emails: ['carl@example.com'], phones: ['+46 8 123 456 78'] },
    ]);
    assert.deepEqual(f.rows[1].entry, { name: 'Dana', emails: ['dana@example.com'] });
    const titled = ['Title', 'First Name', 'Last Name', 'E-mail Address', 'Mobile Phone'];
    assert.deepEqual(entries(csv(titled, [{ Title: 'CTO', 'First Name': 'Eve', 'Last Name': 'Ng', 'E-mail Address': 'eve@example.com' }])), [
      { name: 'Eve Ng', emails: ['eve@example.com'], title: 'CTO' },
    ]);
  });

  it('the English variants of the header: "Email Address" without a hyphen, "Country" for "Country/Region", any case', () => {
    const header = ['first name', 'LAST NAME', 'Email Address', 'Email 2 Address', 'Mobile Phone', 'Home City', 'Home Country'];
    const f = readCsvFile(
      csv(header, [
        { 'first name': 'Fay', 'LAST NAME': 'Oz', 'Email Address': 'fay@example.com', 'Email 2 Address': 'fay@work.example', 'Home Country': 'Canada' },
      ]),
    );
    assert.equal(f.layout, 'outlook');
    assert.deepEqual(f.rows[0].entry, {
      name: 'Fay Oz',
      emails: ['fay@example.com', 'fay@work.example'],
      addresses: [{ country: 'Canada', type: 'home' }],
    });
  });
});

describe('readCsvFile: Thunderbird and LinkedIn', () => {
  it('Thunderbird: display name, primary and secondary e-mail, phones without fax and pager, organisation', () => {
    const f = readCsvFile(
      csv(THUNDERBIRD, [
        {
          'First Name': 'Gil',
          'Last Name': 'Amar',
          'Display Name': 'Gil Amar (work)',
          'Primary Email': 'gil@example.com',
          'Secondary Email': 'gil@home.example',
          'Work Phone': '+972 3 123 4567',
          'Mobile Number': '+972 50 123 4567',
          'Fax Number': '+972 3 765 4321',
          'Pager Number': '12345',
          'Work City': 'Tel Aviv',
          'Work Country': 'Israel',
          Organization: 'Amar Ltd',
          'Job Title': 'Owner',
          'Web Page 1': 'https://amar.example',
        },
        { 'First Name': 'Hana', 'Last Name': 'Kim', 'Display Name': 'hana@example.com', 'Primary Email': 'hana@example.com' },
        { 'Display Name': 'ivo@example.com', 'Primary Email': 'ivo@example.com' },
      ]),
    );
    assert.equal(f.layout, 'thunderbird');
    assert.deepEqual(
      f.rows.map((r) => r.entry),
      [
        {
          name: 'Gil Amar (work)',
          emails: ['gil@example.com', 'gil@home.example'],
          phones: ['+972 50 123 4567', '+972 3 123 4567'],
          company: 'Amar Ltd',
          title: 'Owner',
          addresses: [{ city: 'Tel Aviv', country: 'Israel', type: 'work' }],
          websites: [{ url: 'https://amar.example', type: 'work' }],
        },
        // A display name that is the address is no name: the name parts, when there are any.
        { name: 'Hana Kim', emails: ['hana@example.com'] },
        { emails: ['ivo@example.com'] },
      ],
    );
  });

  it("LinkedIn's Connections.csv: the preamble is skipped, rows count from the header; most have no e-mail", () => {
    const text =
      LINKEDIN_PREAMBLE +
      csv(LINKEDIN, [
        {
          'First Name': 'Ivo',
          'Last Name': 'Petrov',
          URL: 'https://www.linkedin.com/in/ivopetrov',
          Company: 'Petrov, Ltd.',
          Position: 'CEO',
          'Connected On': '12 Mar 2024',
        },
        {
          'First Name': 'Jo',
          'Last Name': 'Lind',
          URL: 'https://www.linkedin.com/in/jolind',
          'Email Address': 'jo@example.com',
          Company: 'Lind AB',
          'Connected On': '01 Jan 2020',
        },
      ]);
    const f = readCsvFile(text);
    assert.equal(f.layout, 'linkedin');
    assert.equal(f.sourceType, null);
    assert.deepEqual(
      f.rows.map((r) => r.entry),
      [
        { name: 'Ivo Petrov', company: 'Petrov, Ltd.', title: 'CEO', websites: [{ url: 'https://www.linkedin.com/in/ivopetrov', type: 'linkedin' }] },
        { name: 'Jo Lind', emails: ['jo@example.com'], company: 'Lind AB', websites: [{ url: 'https://www.linkedin.com/in/jolind', type: 'linkedin' }] },
      ],
    );
  });
});

describe('readCsvFile: any CSV naming contact columns', () => {
  it('name, e-mail, phone and company columns in any case and spelling; several addresses in one cell; a favourite column', () => {
    const header = ['FULL NAME', 'E-Mail', 'Work email', 'Mobile', 'Tel.', 'Fax', 'Organization', 'Starred', 'Customer ID'];
    const f = readCsvFile(
      csv(header, [
        {
          'FULL NAME': 'Kai Roth',
          'E-Mail': 'kai@example.com; kai.roth@example.org',
          'Work email': 'kai@work.example',
          Mobile: '+49 171 1234567',
          'Tel.': '+49 30 1234567',
          Fax: '+49 30 7654321',
          Organization: 'Roth GmbH',
          Starred: 'yes',
          'Customer ID': '4711',
        },
        { 'E-Mail': 'not an address', Mobile: 'n/a' },
        { 'E-Mail': 'n/a', Mobile: '-' },
      ]),
    );
    assert.equal(f.layout, 'generic');
    assert.deepEqual(
      f.rows.map((r) => r.entry),
      [
        {
          name: 'Kai Roth',
          emails: ['kai@example.com', 'kai.roth@example.org', 'kai@work.example'],
          phones: ['+49 171 1234567', '+49 30 1234567'],
          company: 'Roth GmbH',
          is_favorite: 1,
        },
        // A cell without "@" goes to the upload as written, as the JSON endpoint takes it (left out as
        // `invalid`, or kept and marked unusable when the row has evidence); one without a digit is no phone.
        { emails: ['not an address'] },
        // must not change: a cell saying there is none ("n/a", "-") is an empty cell: nothing usable.
        null,
      ],
    );
  });

  it('first and last name columns, and the commonest European names of them (Vorname, Nachname, E-Mail-Adresse, Mobiltelefon, Firma)', () => {
    assert.deepEqual(entries('first_name,last_name,email\nLea,Vogel,lea@example.com\n'), [{ name: 'Lea Vogel', emails: ['lea@example.com'] }]);
    assert.deepEqual(entries('Vorname;Nachname;E-Mail-Adresse;Mobiltelefon;Firma\nJürgen;Müller;j@example.de;+49 171 7654321;Müller & Söhne\n'), [
      { name: 'Jürgen Müller', emails: ['j@example.de'], phones: ['+49 171 7654321'], company: 'Müller & Söhne' },
    ]);
    assert.deepEqual(entries('Prénom;Nom;Courriel;Téléphone\nRenée;Dupont;renee@example.fr;01 23 45 67 89\n'), [
      { name: 'Renée Dupont', emails: ['renee@example.fr'], phones: ['01 23 45 67 89'] },
    ]);
  });

  it('a list of addresses alone is read', () => {
    assert.deepEqual(entries('Email\nann@example.com\nbo@example.net\n'), [{ emails: ['ann@example.com'] }, { emails: ['bo@example.net'] }]);
  });

  it('layoutOf and headerKey: what a header makes of the file', () => {
    assert.equal(headerKey('  E-mail 2 Address '), 'email 2 address');
    assert.equal(headerKey('E-Mail-Adresse'), 'email adresse');
    assert.equal(headerKey('Téléphone_mobile'), 'telephone mobile');
    assert.equal(layoutOf(['Name', 'E-mail 1 - Value']), 'google');
    assert.equal(isGoogleHeader(['Name', 'E-mail 1 - Value']), true);
    assert.equal(layoutOf(LINKEDIN), 'linkedin');
    assert.equal(layoutOf(THUNDERBIRD), 'thunderbird');
    assert.equal(layoutOf(OUTLOOK), 'outlook');
    assert.equal(layoutOf(GOOGLE_OUTLOOK), 'outlook');
    assert.equal(layoutOf(['Phone']), 'generic');
    // must not change: no contact column, no layout (a company alone is no contact list; nor are sentences).
    assert.equal(layoutOf(['id', 'amount', 'date']), null);
    assert.equal(layoutOf(['Company', 'Revenue']), null);
    assert.equal(layoutOf(['Notes:']), null);
    assert.equal(layoutOf(['You will only see email addresses for connections who have allowed it']), null);
    assert.equal(layoutOf(['Phonetic Name', 'Mailing List', 'E-mail Type']), null);
  });
});

describe('readCsvFile: the delimiter', () => {
  const rows = [
    { Name: 'Ann Lee', Email: 'ann@example.com', Company: 'Lee; Sons, Ltd' },
    { Name: 'Bo Chen', Email: 'bo@example.net', Company: '' },
  ];
  const expected = [
    { name: 'Ann Lee', emails: ['ann@example.com'], company: 'Lee; Sons, Ltd' },
    { name: 'Bo Chen', emails: ['bo@example.net'] },
  ];

  it('";" (spreadsheets in European locales) and a tab (TSV) are read as "," is', () => {
    for (const d of [',', ';', '\t']) {
      const f = readCsvFile(csv(['Name', 'Email', 'Company'], rows, d));
      assert.equal(f.delimiter, d);
      assert.deepEqual(
        f.rows.map((r) => r.entry),
        expected,
        JSON.stringify(d),
      );
    }
  });

  it('Excel\'s "sep=;" line before the header is skipped as a preamble', () => {
    const f = readCsvFile('sep=;\r\nName;Email\r\nAnn;ann@example.com\r\n');
    assert.equal(f.delimiter, ';');
    assert.deepEqual(
      f.rows.map((r) => r.entry),
      [{ name: 'Ann', emails: ['ann@example.com'] }],
    );
  });

  it('a Google export saved again by a spreadsheet with ";" is still Google', () => {
    const header = fixture('google.csv').split('\n')[0].split(',');
    const f = readCsvFile(csv(header, [{ 'First Name': 'Ana', 'Last Name': 'Silva', 'E-mail 1 - Value': 'ana@example.org', Labels: '* starred' }], ';'));
    assert.equal(f.layout, 'google');
    assert.equal(f.delimiter, ';');
    assert.deepEqual(f.rows[0].entry, { name: 'Ana Silva', emails: ['ana@example.org'], is_favorite: 1 });
  });

  it('must not change: a "," file whose cells hold ";" stays ","; a quoted cell may hold line breaks', () => {
    const f = readCsvFile('Name,Email,Notes\r\nAnn Lee,ann@example.com,"a; b; c\r\nsecond line"\r\nBo;Chen,bo@example.net,\r\n');
    assert.equal(f.delimiter, ',');
    assert.deepEqual(
      f.rows.map((r) => r.entry),
      [
        { name: 'Ann Lee', emails: ['ann@example.com'] },
        { name: 'Bo;Chen', emails: ['bo@example.net'] },
      ],
    );
  });
});

describe('readCsvFile: one row per data row', () => {
  it('a row with nothing usable is a row ({}), so the next row keeps its position; blank lines are no rows', () => {
    const f = readCsvFile('Name,Email,Notes\n\nAnn,ann@example.com,\n,,just a note\n,,\n   \nBo,bo@example.net,\n');
    assert.deepEqual(
      f.rows.map((r) => [r.entry?.name ?? null, r.read]),
      [
        ['Ann', { name: 'Ann', emails: ['ann@example.com'] }],
        [null, {}],
        [null, {}],
        ['Bo', { name: 'Bo', emails: ['bo@example.net'] }],
      ],
    );
    assert.deepEqual(parseCsv('Name,Email,Notes\nAnn,ann@example.com,\n,,just a note\nBo,bo@example.net,\n').skipped, [
      { row: 2, reason: 'no name, e-mail, phone or company' },
    ]);
  });

  it('a row with more cells than the header is not read, and says why; fewer cells, or an empty extra one, are read', () => {
    // Two delimiters in two cells, and one that could be in either of two text cells: not read.
    const f = readCsvFile('Name,Company,Email\nDoe, Jane,Globex, Ltd,jane@example.com\nLee, Ann,Acme,ann@example.com\nBo\nCy,,cy@example.com,\n');
    assert.deepEqual(
      f.rows.map((r) => [r.entry, r.notRead ?? null]),
      [
        [null, 'more cells than the header has columns: a delimiter inside an unquoted cell?'],
        [null, 'more cells than the header has columns: a delimiter inside an unquoted cell?'],
        [{ name: 'Bo' }, null],
        [{ name: 'Cy', emails: ['cy@example.com'] }, null],
      ],
    );
    assert.deepEqual(f.rows[0].read, {});
  });

  it('a row split by a delimiter in one text cell is read by joining that cell back, and noted', () => {
    const f = readCsvFile(
      [
        'Name,Email,Phone,Company',
        'Lee, Ann,ann@example.com,+1 415 555 0101,Acme',
        'Bo Chen,bo@example.net,+1 415 555 0102,Acme, Inc.',
        'Smith, John, Jr.,js@example.com,,Initech',
        // An extra address or number is no split text: not read.
        'Ito,ito@example.com,ito2@example.com,+1 415 555 0105,Acme',
      ].join('\n'),
    );
    assert.deepEqual(
      f.rows.map((r) => [r.entry, r.notes, r.notRead ?? null]),
      [
        [{ name: 'Lee, Ann', emails: ['ann@example.com'], phones: ['+1 415 555 0101'], company: 'Acme' }, ['joined_cells'], null],
        [{ name: 'Bo Chen', emails: ['bo@example.net'], phones: ['+1 415 555 0102'], company: 'Acme, Inc.' }, ['joined_cells'], null],
        [{ name: 'Smith, John, Jr.', emails: ['js@example.com'], company: 'Initech' }, ['joined_cells'], null],
        [null, [], 'more cells than the header has columns: a delimiter inside an unquoted cell?'],
      ],
    );
  });

  it('a row holding U+FFFD (text decoded wrongly before it came) is read, and noted', () => {
    const f = readCsvFile('Name,Email\nJ\uFFFDrgen,j@example.com\nAnn,ann@example.com\n');
    assert.deepEqual(
      f.rows.map((r) => [r.entry?.name, r.notes]),
      [
        ['J\uFFFDrgen', ['undecodable']],
        ['Ann', []],
      ],
    );
  });

  it('a byte-order mark before the header is dropped', () => {
    assert.deepEqual(entries('\uFEFFName,Email\nAnn,ann@example.com\n'), [{ name: 'Ann', emails: ['ann@example.com'] }]);
  });
});

describe('readCsvFile: refusals say why, never quoting a cell', () => {
  const refusal = (text: string): string => {
    try {
      readCsvFile(text);
    } catch (e) {
      assert.ok(e instanceof CsvRefused, String(e));
      return e.message;
    }
    assert.fail('not refused');
  };

  it('a CSV whose header names no contact column: the columns expected', () => {
    const message = refusal('id,amount,comment\n42,12.50,Ann Lee <ann@example.com>\n');
    assert.match(message, /^is a CSV without a header row naming contact columns: expected columns such as "Name"/);
    assert.match(message, /"E-mail"/);
    assert.match(message, /";" or a tab/);
    assert.doesNotMatch(message, /Ann|example\.com|42|amount/);
    // A header beyond the first lines searched is not looked for.
    assert.match(refusal(`${'x\n'.repeat(25)}Name,Email\nAnn,ann@example.com\n`), /without a header row/);
  });

  it('a quoted cell never closed: the line, not the cell', () => {
    const message = refusal('Name,Email\nAnn,ann@example.com\n"Secret Person,secret@example.com\n');
    assert.equal(message, 'is not a readable CSV file: a quoted cell is never closed (line 3)');
  });

  it('a quoted cell never closed is named by the line where its quote opens, not where the file ends (CRLF, rows after it; file probe)', () => {
    assert.equal(
      refusal('Name,Email\r\n"Ann Lee,ann@x.example\r\nBob Roe,bob@y.example\r\n'),
      'is not a readable CSV file: a quoted cell is never closed (line 2)',
    );
    assert.equal(
      refusal('Name,Email\r\nZed Zee,zed@z.example\r\nAmy Ames,amy@a.example\r\n"Ann Lee,ann@x.example\r\nBob Roe,bob@y.example\r\nCy Coe,cy@c.example\r\n'),
      'is not a readable CSV file: a quoted cell is never closed (line 4)',
    );
    // A quoted cell holding line breaks and "" closes; the one after it does not; a stray quote inside a cell is a character.
    assert.equal(
      refusal('Name,Email,Notes\nAnn,ann@x.example,"two\nlines, ""quoted"""\nBo "B" Roe,bo@y.example,\nCy,cy@c.example,"never\nclosed\nDee,dee@d.example,\n'),
      'is not a readable CSV file: a quoted cell is never closed (line 5)',
    );
  });

  it('the line is counted from the top of the file, preamble included', () => {
    const message = refusal(`${LINKEDIN_PREAMBLE}First Name,Last Name,Email Address,Connected On\nAnn,Lee,ann@example.com,\n"Bo,Chen\n`);
    assert.equal(message, 'is not a readable CSV file: a quoted cell is never closed (line 6)');
  });

  it('must not change: a stray quote inside or after a cell is a character, and its row is read', () => {
    assert.deepEqual(entries('Name,Email\nAnn "Annie" Lee,ann@example.com\n"Bo"x,bo@example.net\n'), [
      { name: 'Ann "Annie" Lee', emails: ['ann@example.com'] },
      { name: '"Bo"x', emails: ['bo@example.net'] },
    ]);
  });

  it('an empty file, or a header alone, has no rows', () => {
    assert.throws(() => readCsvFile(''), CsvRefused);
    assert.deepEqual(readCsvFile('Name,Email\n').rows, []);
  });
});

describe('kith import reads CSV files with this reader', () => {
  /** The units of an opened input (Array.fromAsync is not in Node 20). */
  const unitsOf = async (input: Awaited<ReturnType<typeof openInput>>) => {
    const out = [];
    for await (const u of input.read()) out.push(u);
    return out;
  };

  it('a .csv or .tsv book: every row, those with nothing usable as {} and counted (an index is its row), no source type but for Google; a file that is no contacts CSV says why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kith-csv-'));
    try {
      const linkedin = join(dir, 'Connections.csv');
      writeFileSync(linkedin, `${LINKEDIN_PREAMBLE}${csv(LINKEDIN, [{ 'First Name': 'Jo', 'Last Name': 'Lind', 'Email Address': 'jo@example.com' }, {}])}`);
      const tsv = join(dir, 'contacts.tsv');
      writeFileSync(tsv, Buffer.from('Name\tE-mail\nJürgen\tj@example.de\n', 'latin1')); // windows-1252
      assert.equal(formatOf(tsv), 'csv');
      const a = await openInput(linkedin, 'csv', { userId: 'u1' });
      assert.deepEqual({ entries: a.entries, skipped: a.skipped }, { entries: 2, skipped: 1 });
      const [unit] = await unitsOf(a);
      assert.deepEqual(unit, { n: 1, body: { user_id: 'u1', source: {}, entries: [{ name: 'Jo Lind', emails: ['jo@example.com'] }, {}] } });
      const [t] = await unitsOf(await openInput(tsv, formatOf(tsv), { userId: 'u2' }));
      assert.deepEqual('body' in t && t.body.entries, [{ name: 'Jürgen', emails: ['j@example.de'] }]);
      const g = await openInput(new URL('./fixtures/google.csv', import.meta.url).pathname, 'csv', { userId: 'u3' });
      const [gu] = await unitsOf(g);
      assert.deepEqual('body' in gu && gu.body.source, { type: 'gmail' });
      const other = join(dir, 'orders.csv');
      writeFileSync(other, 'order,amount\n1,Secret Person\n');
      await assert.rejects(openInput(other, 'csv', { userId: 'u4' }), (e: Error) => {
        assert.match(e.message, /^the file is a CSV without a header row naming contact columns/);
        assert.doesNotMatch(e.message, /Secret/);
        return true;
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('any CSV: headers as other languages and other exporters write them, and a title above the header', () => {
  const people = (text: string) => entries(text).map((e) => (e === null ? null : [e.name ?? null, e.emails ?? [], e.phones ?? []]));

  it('e-mail and phone columns in Dutch, Swedish, Finnish, Italian, Japanese and Korean are read', () => {
    assert.deepEqual(people('Naam,E-mailadres,Telefoonnummer\nJan de Vries,jan@example.nl,+31 6 12345678\nPiet Jansen,piet@example.nl,\n'), [
      ['Jan de Vries', ['jan@example.nl'], ['+31 6 12345678']],
      ['Piet Jansen', ['piet@example.nl'], []],
    ]);
    assert.deepEqual(people('Förnamn,Efternamn,E-postadress,Mobiltelefon\nAnna,Svensson,anna@example.se,\n'), [['Anna Svensson', ['anna@example.se'], []]]);
    assert.deepEqual(people('Name,Emailadresse,Telefonnummer\nKarl Kurz,karl@example.de,\n'), [['Karl Kurz', ['karl@example.de'], []]]);
    assert.deepEqual(people('Etunimi;Sukunimi;Sähköposti;Puhelin\nAino;Virtanen;aino@example.fi;+358 40 1234567\n'), [
      ['Aino Virtanen', ['aino@example.fi'], ['+358 40 1234567']],
    ]);
    assert.deepEqual(people('Nome,Cognome,Email,Cellulare\nLuca,Rossi,luca@example.it,+39 312 345 6789\n'), [
      ['Luca Rossi', ['luca@example.it'], ['+39 312 345 6789']],
    ]);
    assert.deepEqual(people('姓,名,メールアドレス,携帯電話\n山田,太郎,taro@example.jp,090-1234-5678\n'), [
      ['山田 太郎', ['taro@example.jp'], ['090-1234-5678']],
    ]);
    assert.deepEqual(people('이름,이메일,전화번호\n김민준,minjun@example.kr,010-1234-5678\n'), [['김민준', ['minjun@example.kr'], ['010-1234-5678']]]);
  });

  it("French and German Outlook: the e-mail columns are read; fax, pager, assistant's and company numbers are not the person's", () => {
    const fr = people(
      csv(
        [
          'Titre',
          'Prénom',
          'Nom',
          "Téléphone de l'assistant(e)",
          'Télécopie (bureau)',
          'Téléphone (bureau)',
          'Téléphone société',
          'Tél. mobile',
          'Récepteur de radiomessagerie',
          'Adresse de messagerie',
          'Type de messagerie',
          "Nom complet de l'adresse de messagerie",
        ],
        [
          {
            Prénom: 'Louis',
            Nom: 'Pasteur',
            'Adresse de messagerie': 'louis.pasteur@example.fr',
            'Type de messagerie': 'SMTP',
            "Nom complet de l'adresse de messagerie": 'Louis Pasteur (louis.pasteur@example.fr)',
          },
          {
            Prénom: 'Pierre',
            Nom: 'Curie',
            "Téléphone de l'assistant(e)": '+33 1 40 00 00 99',
            'Télécopie (bureau)': '+33 1 40 00 00 98',
            'Téléphone société': '+33 1 40 00 00 00',
            'Tél. mobile': '+33 6 12 34 56 78',
            'Récepteur de radiomessagerie': '+33 6 99 99 99 99',
            'Adresse de messagerie': 'pierre.curie@example.fr',
          },
        ],
      ),
    );
    assert.deepEqual(fr, [
      ['Louis Pasteur', ['louis.pasteur@example.fr'], []],
      ['Pierre Curie', ['pierre.curie@example.fr'], ['+33 6 12 34 56 78']],
    ]);
    const de = people(
      csv(
        [
          'Anrede',
          'Vorname',
          'Weitere Vornamen',
          'Nachname',
          'Fax geschäftlich',
          'Telefon geschäftlich',
          'Telefon Firma',
          'Mobiltelefon',
          'Pager',
          'Telefon Assistent',
          'E-Mail-Adresse',
          'E-Mail-Typ',
          'E-Mail: Angezeigter Name',
        ],
        [
          {
            Vorname: 'Klaus',
            'Weitere Vornamen': 'Peter',
            Nachname: 'Schmidt',
            'Fax geschäftlich': '+49 30 1111111',
            'Telefon geschäftlich': '+49 30 2222222',
            'Telefon Firma': '+49 30 2220000',
            Mobiltelefon: '+49 171 3333333',
            'Telefon Assistent': '+49 30 2222299',
            'E-Mail-Adresse': 'klaus@example.de',
            'E-Mail-Typ': 'SMTP',
            'E-Mail: Angezeigter Name': 'Klaus Schmidt (klaus@example.de)',
          },
          { Vorname: 'Eva', Nachname: 'Weber', 'Telefon Firma': '+49 30 2220000', 'E-Mail-Adresse': 'eva@example.de' },
        ],
      ),
    );
    assert.deepEqual(de, [
      ['Klaus Peter Schmidt', ['klaus@example.de'], ['+49 30 2222222', '+49 171 3333333']],
      ['Eva Weber', ['eva@example.de'], []],
    ]);
  });

  it('Yahoo: the phone columns named by place alone are phones', () => {
    const header = [
      'First',
      'Middle',
      'Last',
      'Nickname',
      'Email',
      'Category',
      'Distribution Lists',
      'Messenger ID',
      'Home',
      'Work',
      'Pager',
      'Fax',
      'Mobile',
      'Other',
      'Yahoo Phone',
    ];
    assert.deepEqual(people(csv(header, [{ First: 'Yan', Last: 'Hoo', Home: '+1 415 555 0180', Pager: '+1 415 555 0199' }])), [
      ['Yan Hoo', [], ['+1 415 555 0180']],
    ]);
    // Elsewhere "Home" and "Work" name no column of numbers.
    assert.deepEqual(people('Name,Email,Home\nAnn Lee,ann@example.com,12 High Street\n'), [['Ann Lee', ['ann@example.com'], []]]);
  });

  it('Yahoo: its own export, whose header writes "Yahoo! ID" and "Yahoo! Phone", reads the place columns as phones', () => {
    // Yahoo Contacts' export header, as written (headerKey keeps the "!"): the "Home" of a card with
    // nothing else was no column, and the card was left out as nothing to invite.
    const header =
      '"First","Middle","Last","Nickname","Email","Category","Distribution Lists","Yahoo! ID","Home","Work","Pager","Fax","Mobile","Other","Yahoo! Phone","Primary","Alternate Email 1","Alternate Email 2","Personal Website","Business Website","Title","Company","Work Address","Work City","Work State","Work ZIP","Work Country","Home Address","Home City","Home State","Home ZIP","Home Country","Birthday","Anniversary","Custom 1","Custom 2","Custom 3","Custom 4","Comments"';
    const keys = header.split(',').map((h) => h.slice(1, -1));
    assert.equal(keys.length, 39);
    const row = (cells: Record<string, string>) => keys.map((k) => (cells[k] === undefined ? '""' : `"${cells[k]}"`)).join(',');
    const text = [
      header,
      row({
        First: 'Ann',
        Last: 'Lee',
        Email: 'ann@example.com',
        'Yahoo! ID': 'annlee77',
        Home: '+1 415 555 0181',
        Mobile: '+1 415 555 0182',
        'Alternate Email 1': 'ann.lee@example.org',
        'Home Address': '12 High Street',
      }),
      row({ First: 'Cara', Last: 'Diaz', Home: '+1 415 555 0183' }),
    ].join('\r\n');
    const got = people(text + '\r\n');
    assert.deepEqual(got, [
      ['Ann Lee', ['ann@example.com', 'ann.lee@example.org'], ['+1 415 555 0181', '+1 415 555 0182']],
      ['Cara Diaz', [], ['+1 415 555 0183']],
    ]);
    // The bare spellings mark the file as well ("Yahoo ID", "Yahoo Phone"), and "Yahoo! Phone" is a phone.
    for (const mark of ['Yahoo ID', 'Yahoo Phone', 'Yahoo! ID', 'Messenger ID']) {
      assert.deepEqual(people(`First,Last,${mark},Home,Work\r\nCara,Diaz,,+1 415 555 0183,\r\n`), [['Cara Diaz', [], ['+1 415 555 0183']]], mark);
    }
    assert.deepEqual(people('First,Last,Yahoo! ID,Yahoo! Phone\r\nCara,Diaz,cara.d,+1 415 555 0184\r\n'), [['Cara Diaz', [], ['+1 415 555 0184']]]);
    assert.equal(headerKey('Yahoo! Phone'), 'yahoo! phone');
  });

  it("a column is read by its name, never by its cells: addresses under a header no list knows are not taken as the person's", () => {
    assert.deepEqual(people('Name,Kontakt,Notes\nAnn Lee,ann@example.com,met at the fair\nBo Chen,bo@example.net,ask bo@example.org first\n'), [
      ['Ann Lee', [], []],
      ['Bo Chen', [], []],
    ]);
  });

  it("someone else's address is never taken for the person's: a column named for another", () => {
    assert.deepEqual(people('Name,Phone,Created By\nAnn Lee,+1 415 555 0101,tom@acme.example\nBo Chen,+1 415 555 0102,tom@acme.example\n'), [
      ['Ann Lee', [], ['+1 415 555 0101']],
      ['Bo Chen', [], ['+1 415 555 0102']],
    ]);
    assert.deepEqual(people('Name,Mobile,Emergency Contact\nAnn Lee,+1 415 555 0103,dad.lee@example.com\nBo Chen,+1 415 555 0104,mum.chen@example.com\n'), [
      ['Ann Lee', [], ['+1 415 555 0103']],
      ['Bo Chen', [], ['+1 415 555 0104']],
    ]);
    assert.deepEqual(people('Name,Email,Kontakt\nAnn Lee,ann@example.com,sec@example.com\nBo Chen,bo@example.com,sec2@example.com\n'), [
      ['Ann Lee', ['ann@example.com'], []],
      ['Bo Chen', ['bo@example.com'], []],
    ]);
  });

  it("a company's main number beside the person's own is left out; a work column named so is read when it is the only one", () => {
    assert.deepEqual(people('Name;E-Mail Firma;Telefon Firma\nKlaus Kurz;klaus@example.de;+49 30 1234567\n'), [
      ['Klaus Kurz', ['klaus@example.de'], ['+49 30 1234567']],
    ]);
    assert.deepEqual(people('Nom,Téléphone société,Tél. mobile\nMarie Curie,+33 1 40 00 00 00,+33 6 12 34 56 78\n'), [
      ['Marie Curie', [], ['+33 6 12 34 56 78']],
    ]);
    assert.deepEqual(people('Name,Standard Phone,Mobile\nAnn Lee,+1 415 555 0105,+1 415 555 0106\n'), [
      ['Ann Lee', [], ['+1 415 555 0105', '+1 415 555 0106']],
    ]);
    // Words that say when or for what a column was filled do not make it someone else's.
    assert.deepEqual(people('Name,Phone (updated),Email (updated)\nAnn Lee,+1 415 555 0107,ann@example.com\n'), [
      ['Ann Lee', ['ann@example.com'], ['+1 415 555 0107']],
    ]);
    assert.deepEqual(people('Unit,Owner Name,Owner Phone,Owner Email\n4B,Ann Lee,+1 415 555 0108,ann@example.com\n'), [
      [null, ['ann@example.com'], ['+1 415 555 0108']],
    ]);
  });

  it('a title line above the header is skipped; a data row is never taken for the header', () => {
    for (const text of [
      'Team Phone List\n\nName,Phone,Email\nAnn Lee,+1 415 555 0123,ann@example.com\n',
      'Team Phone List,,\nName,Phone,Email\nAnn Lee,+1 415 555 0123,ann@example.com\n',
    ]) {
      assert.deepEqual(people(text), [['Ann Lee', ['ann@example.com'], ['+1 415 555 0123']]], text);
    }
    // A second section with a header of its own does not displace the first: its people are read (the
    // second section's rows under the first header, as far as they line up; the others are reported).
    const sections = readCsvFile(
      'Name,Mobile,Email\nAnn Lee,+1 415 555 0301,ann@example.com\n\nEmergency contacts\nName,Phone,Mobile,Email\nBob Ray,+1 415 555 0302,,bob@example.com\n',
    );
    assert.deepEqual(sections.rows[0]?.entry, { name: 'Ann Lee', emails: ['ann@example.com'], phones: ['+1 415 555 0301'] });
    assert.equal(sections.rows.length, 4);
    assert.deepEqual(people('Name,Email\nMobile Shop,shop@email.com\nAnn Lee,ann@example.com\n'), [
      ['Mobile Shop', ['shop@email.com'], []],
      ['Ann Lee', ['ann@example.com'], []],
    ]);
  });
});

describe('any CSV: what the file-upload probe found (pasted recipient lines, phone and name headers)', () => {
  const people = (text: string) => entries(text).map((e) => (e === null ? null : [e.name ?? null, e.emails ?? [], e.phones ?? []]));

  it('an e-mail cell holding a pasted recipient line goes whole to the upload, as the JSON endpoint takes it; a plain list is split', () => {
    // "Doe, Jane <…>; Roe, Rick <…>": split at every comma it was "Jane <…>" and "Rick <…>", two labels
    // of one person's addresses (Jane and Rick fused into one row named "Book club").
    const line = 'Doe, Jane <jane.doe@corp.example>; Roe, Rick <rick.roe@corp.example>';
    assert.deepEqual(people(`Name,Email\r\nBook club,"${line}"\r\nJane Doe,jane.doe@corp.example\r\n`), [
      ['Book club', [line], []],
      ['Jane Doe', ['jane.doe@corp.example'], []],
    ]);
    const commas = 'Doe, Jane <jane.doe@corp.example>, Roe, Rick <rick.roe@corp.example>';
    assert.deepEqual(people(`Name,Email\r\nTeam lunch,"${commas}"\r\n`), [['Team lunch', [commas], []]]);
    // must not change: a plain list of addresses is split here (any separator, Google's " ::: " too).
    assert.deepEqual(
      people('Name,Email\r\nKai,"kai@example.com; kai.roth@example.org"\r\nBo,"bo@x.example,bo@y.example"\r\nCy,cy@x.example ::: cy@y.example\r\n'),
      [
        ['Kai', ['kai@example.com', 'kai.roth@example.org'], []],
        ['Bo', ['bo@x.example', 'bo@y.example'], []],
        ['Cy', ['cy@x.example', 'cy@y.example'], []],
      ],
    );
  });

  it('phone columns as small businesses, schools and other languages name them', () => {
    for (const header of [
      'Contact Number',
      'Contact No',
      'Contact No.',
      'Mob No',
      'Mob. No.',
      'WhatsApp',
      'WhatsApp Number',
      'Ph',
      'Ph. No.',
      'Direct Line',
      'Direct Dial',
      'Landline',
      'Rufnummer',
      'Tlf',
      'Tlf.',
      'Телефон',
      'Мобильный',
      'Мобільний телефон',
      'Τηλέφωνο',
      'Κινητό',
      'هاتف',
      'رقم الجوال',
      'טלפון',
      'נייד',
    ]) {
      assert.deepEqual(people(`Name,${header}\r\nSunita Rao,+91 99001 23456\r\n`), [['Sunita Rao', [], ['+91 99001 23456']]], header);
    }
    assert.deepEqual(
      people('Sr No,Name,Contact Number,Email ID,City\r\n1,Rajesh Kumar,98450 12345,rajesh.kumar@gmail.com,Bengaluru\r\n2,Amit Shah,9820012345,,Mumbai\r\n'),
      [
        ['Rajesh Kumar', ['rajesh.kumar@gmail.com'], ['98450 12345']],
        ['Amit Shah', [], ['9820012345']],
      ],
    );
    // must not change: numbers that are no phone, and someone else's or a fax in those languages.
    for (const header of ['Member No', 'ID Number', 'Sr No', 'Roll No', 'Account Number', 'House Number', 'Contact', 'Факс', 'Телефон/факс', 'Ph.D.']) {
      assert.deepEqual(people(`Name,Email,${header}\r\nSunita Rao,sunita@example.in,4711\r\n`), [['Sunita Rao', ['sunita@example.in'], []]], header);
    }
  });

  it('"Number", "Numéro", "Contact" are the phone column only when the file has no other and their cells are phone numbers', () => {
    assert.deepEqual(people('Name,Number\r\nAnn Lee,+1 415 555 0101\r\nBo Chen,(415) 555-0102\r\n'), [
      ['Ann Lee', [], ['+1 415 555 0101']],
      ['Bo Chen', [], ['(415) 555-0102']],
    ]);
    assert.deepEqual(people('Nom;Numéro\r\nMarie Curie;06 12 34 56 78\r\n'), [['Marie Curie', [], ['06 12 34 56 78']]]);
    assert.deepEqual(people('Name,Contact\r\nAnn Lee,+1 415 555 0101\r\n'), [['Ann Lee', [], ['+1 415 555 0101']]]);
    // must not change: beside a phone column "Number" is something else; a row number or a column of
    // addresses or names under such a header is no phone.
    assert.deepEqual(people('Name,Phone,Number\r\nAnn Lee,+1 415 555 0101,4711001\r\n'), [['Ann Lee', [], ['+1 415 555 0101']]]);
    assert.deepEqual(people('Number,Name,Email\r\n1,Ann Lee,ann@example.com\r\n2,Bo Chen,bo@example.com\r\n'), [
      ['Ann Lee', ['ann@example.com'], []],
      ['Bo Chen', ['bo@example.com'], []],
    ]);
    assert.deepEqual(people('Name,Contact\r\nAnn Lee,ann@example.com\r\nBo Chen,Mary Chen\r\n'), [
      ['Ann Lee', [], []],
      ['Bo Chen', [], []],
    ]);
  });

  it('name and e-mail columns in Russian, Greek, Spanish, Italian, Hebrew, Arabic, and "Customer Name"-like headers', () => {
    assert.deepEqual(people('ФИО;Телефон;E-mail\r\nИванов Иван Иванович;+7 916 123-45-67;ivanov@mail.ru\r\nПетрова Мария;8 (903) 765-43-21;\r\n'), [
      ['Иванов Иван Иванович', ['ivanov@mail.ru'], ['+7 916 123-45-67']],
      ['Петрова Мария', [], ['8 (903) 765-43-21']],
    ]);
    // "Имя" is the given name, with the family name's column when there is one.
    assert.deepEqual(people('Фамилия,Имя,Отчество,Электронная почта\r\nИванов,Иван,Иванович,ivanov@mail.ru\r\n'), [
      ['Иван Иванович Иванов', ['ivanov@mail.ru'], []],
    ]);
    assert.deepEqual(people('Имя,Почта,Почтовый индекс\r\nМария,maria@mail.ru,101000\r\n'), [['Мария', ['maria@mail.ru'], []]]);
    // Outlook's exports in Russian, Korean and Turkish (an HTTP probe: the addresses, the family name, the name were lost).
    assert.deepEqual(people('"Имя","Отчество","Фамилия","Адрес эл. почты","Телефон переносной"\r\n"Иван","","Петров","ivan@mail.ru","8 916 222-33-44"\r\n'), [
      ['Иван Петров', ['ivan@mail.ru'], ['8 916 222-33-44']],
    ]);
    assert.deepEqual(people('"이름","성","전자 메일 주소","휴대폰"\r\n"민준","김","minjun@naver.com",""\r\n'), [['김 민준', ['minjun@naver.com'], []]]);
    assert.deepEqual(people('"Ad","İkinci Ad","Soyadı","E-posta Adresi","Cep Telefonu"\r\n"Ayşe","","Şahin","ayse@gmail.com","0532 222 33 44"\r\n'), [
      ['Ayşe Şahin', ['ayse@gmail.com'], ['0532 222 33 44']],
    ]);
    assert.deepEqual(people('Όνομα,Επώνυμο,Τηλέφωνο\r\nΝίκος,Παπαδόπουλος,+30 691 234 5678\r\n'), [['Νίκος Παπαδόπουλος', [], ['+30 691 234 5678']]]);
    for (const header of [
      'Nombre y apellidos',
      'Nome e cognome',
      'Customer Name',
      'Student Name',
      'Guest Name',
      'Member Name',
      'Contact Name',
      'שם מלא',
      'الاسم',
    ]) {
      assert.deepEqual(people(`${header},Email\r\nAna Ruiz,ana@example.es\r\n`), [['Ana Ruiz', ['ana@example.es'], []]], header);
    }
    for (const header of ['Adresse électronique', 'Sähköpostiosoite', 'Электронная почта', 'Почта', 'Ηλεκτρονικό ταχυδρομείο', 'البريد الإلكتروني', 'דוא"ל']) {
      assert.deepEqual(people(`Name,${header}\r\nAna Ruiz,ana@example.es\r\n`), [['Ana Ruiz', ['ana@example.es'], []]], header);
    }
    // must not change: another person's name column is no name (a parent's beside the pupil's).
    assert.deepEqual(people('Student Name,Parent Name,Parent Phone\r\nTom Ray,Ann Ray,+1 415 555 0199\r\n'), [['Tom Ray', [], []]]);
  });
});

describe('any CSV: a favourite column as other locales write it', () => {
  it('"Favorit" with WAHR/JA/x (German Excel), "Favori" with VRAI, "Favoriet" with WAAR are favourites', () => {
    for (const [header, yes] of [
      ['Favorit', 'WAHR'],
      ['Favorit', 'Ja'],
      ['Favorit', 'x'],
      ['Favori', 'VRAI'],
      ['Favoriet', 'WAAR'],
      ['Favorito', 'Sí'],
    ]) {
      assert.deepEqual(
        entries(`Name;E-Mail;${header}\r\nOpa Heinz;opa@example.de;${yes}\r\n`),
        [{ name: 'Opa Heinz', emails: ['opa@example.de'], is_favorite: 1 }],
        `${header} ${yes}`,
      );
    }
    // must not change: the locales' "no" is no favourite.
    for (const no of ['FALSCH', 'Nein', 'FAUX', 'ONWAAR', 'No', '0']) {
      assert.deepEqual(entries(`Name;E-Mail;Favorit\r\nOpa Heinz;opa@example.de;${no}\r\n`), [{ name: 'Opa Heinz', emails: ['opa@example.de'] }], no);
    }
  });
});

describe('any CSV: what the review of the probe fixes found ("Number" of IDs, "Customer Name" beside "Contact Person")', () => {
  const people = (text: string) => entries(text).map((e) => (e === null ? null : [e.name ?? null, e.emails ?? [], e.phones ?? []]));

  it('must not: a "Number" column of member or ID numbers (bare digit runs) is no phone column', () => {
    // Read as phones they were made-up numbers (n:1002345, or +491002345 in a German book) ranked above real people.
    assert.deepEqual(people('Name,Number,Email\r\nJane Doe,1002345,jane@x.example\r\nBob Roe,1002346,bob@y.example\r\nAnn Lee,1002347,ann@z.example\r\n'), [
      ['Jane Doe', ['jane@x.example'], []],
      ['Bob Roe', ['bob@y.example'], []],
      ['Ann Lee', ['ann@z.example'], []],
    ]);
    for (const [header, ids] of [
      ['Number', ['20240017', '20240018']],
      ['Nummer', ['4711001', '4711002']],
      ['Numéro', ['123456789', '123456790']],
      ['Contact', ['88012345', '88012346']],
      ['Номер', ['1002345', '1002346']],
    ] as const) {
      assert.deepEqual(
        people(`Name,${header},Email\r\nJane Doe,${ids[0]},jane@x.example\r\nBob Roe,${ids[1]},bob@y.example\r\n`).map((p) => p?.[2]),
        [[], []],
        header,
      );
    }
  });

  it('must not change: a "Number" column written as phone numbers are (+, 00, groups, brackets, a trunk 0, a full national number) is the phone column', () => {
    for (const [cell, phone] of [
      ['+1 415 555 0101', '+1 415 555 0101'],
      ['+14155550101', '+14155550101'],
      ['0049 170 1111111', '0049 170 1111111'],
      ['(415) 555-0102', '(415) 555-0102'],
      ['415-555-0102', '415-555-0102'],
      ['06 12 34 56 78', '06 12 34 56 78'],
      ['0612345678', '0612345678'],
      ['07911123456', '07911123456'],
      ['9820012345', '9820012345'],
      ['13812345678', '13812345678'],
    ]) {
      assert.deepEqual(people(`Name,Number\r\nAnn Lee,${cell}\r\n`), [['Ann Lee', [], [phone]]], cell);
    }
  });

  it('"Contact Person" (or "Contact Name") is the person; "Customer Name" / "Client Name" beside it is the company', () => {
    // The first name column won: Jane, Bob and Ann were all named by their company ("Acme Ltd" twice on one office line).
    const file =
      'Customer Name,Contact Person,Email,Phone\r\nAcme Ltd,Jane Doe,jane@acme.example,+44 20 7946 0018\r\nAcme Ltd,Bob Roe,bob@acme.example,+44 20 7946 0018\r\nGlobex,Ann Lee,ann@globex.example,+44 20 7946 0999\r\n';
    assert.deepEqual(
      entries(file).map((e) => [e?.name, e?.company]),
      [
        ['Jane Doe', 'Acme Ltd'],
        ['Bob Roe', 'Acme Ltd'],
        ['Ann Lee', 'Globex'],
      ],
    );
    for (const [header, other] of [
      ['Client Name', 'Contact Name'],
      ['Customer Name', 'Contact Name'],
      ['Client Name', 'Contact Person'],
    ]) {
      assert.deepEqual(
        entries(`${other},Email,${header}\r\nJane Doe,jane@acme.example,Acme Ltd\r\n`).map((e) => [e?.name, e?.company]),
        [['Jane Doe', 'Acme Ltd']],
        `${header} beside ${other}`,
      );
    }
    // Beside first and last name columns too; a company column of its own stays the company.
    assert.deepEqual(
      entries('Customer Name,First Name,Last Name,Email\r\nAcme Ltd,Jane,Doe,jane@acme.example\r\n').map((e) => [e?.name, e?.company]),
      [['Jane Doe', 'Acme Ltd']],
    );
    assert.deepEqual(
      entries('Client Name,Contact Person,Company,Email\r\nAcme (UK),Jane Doe,Acme Ltd,jane@acme.example\r\n').map((e) => [e?.name, e?.company]),
      [['Jane Doe', 'Acme Ltd']],
    );
  });

  it('must not change: without a person column, "Customer Name" / "Client Name" / "Contact Person" are the person', () => {
    for (const header of ['Customer Name', 'Client Name', 'Contact Person', 'Contact Name']) {
      assert.deepEqual(
        entries(`${header},Email\r\nAna Ruiz,ana@example.es\r\n`).map((e) => [e?.name, e?.company]),
        [['Ana Ruiz', undefined]],
        header,
      );
    }
    assert.deepEqual(
      entries('Company,Contact Person,Email\r\nAcme Ltd,Jane Doe,jane@acme.example\r\n').map((e) => [e?.name, e?.company]),
      [['Jane Doe', 'Acme Ltd']],
    );
  });
});

describe('a bare "Name" column beside one name part is the other part (a probe: `Name;Vorname` kept the surname only, and a family on one landline was one row)', () => {
  it('reads surname and given name in each layout, and a full name where no part is beside it', () => {
    const nameOf = (text: string) => entries(text).map((e) => e?.name);
    assert.deepEqual(nameOf('Anrede;Vorname;Name;Telefon\nHerr;Hans;Meier;089 1234567\nFrau;Petra;Meier;089 1234567\n'), ['Hans Meier', 'Petra Meier']);
    assert.deepEqual(nameOf('Naam;Voornaam;E-mail\nJansen;Piet;piet@x.example\n'), ['Piet Jansen']);
    assert.deepEqual(nameOf('Navn;Fornavn;E-mail\nHansen;Lars;lars@x.example\n'), ['Lars Hansen']);
    assert.deepEqual(nameOf('Name;Surname;Phone\nPeter;Smith;+44 20 7946 0100\n'), ['Peter Smith']);
    assert.deepEqual(nameOf('Vorname;Familienname;E-mail\nHans;Meier;hans@x.example\n'), ['Hans Meier']);
    // No part beside it, or both parts beside it: the full name, as before.
    assert.deepEqual(nameOf('Name;E-mail\nHans Meier;hans@x.example\n'), ['Hans Meier']);
    assert.deepEqual(nameOf('Full Name;First Name;E-mail\nHans Meier;Hans;hans@x.example\n'), ['Hans Meier']);
    // A full name in the bare column beside a part (a mail-merge sheet's greeting column: a review found `Ann Ann Lee`).
    assert.deepEqual(nameOf('Name,First Name,Email\nAnn Lee,Ann,ann@x.example\nBob Ng,Bob,bob@x.example\n'), ['Ann Lee', 'Bob Ng']);
    assert.deepEqual(nameOf('Name,Last Name,Email\nAnn Lee,Lee,ann@x.example\n'), ['Ann Lee']);
    assert.deepEqual(nameOf('Name;Vorname;E-mail\nHans Meier;Hans;hans@x.example\n'), ['Hans Meier']);
  });

  it('holding the part is a whole word: `Evans` beside `Eva` or `Jensen` beside `Jens` is a surname (a review: one such row read every row as a full name, and the family was one row `Meier`)', () => {
    const es = entries('Name;Vorname;Telefon\nMeier;Hans;089 1234567\nMeier;Petra;089 1234567\nMeier;Jonas;089 1234567\nEvans;Eva;0171 2345678\n');
    assert.deepEqual(
      es.map((e) => e?.name),
      ['Hans Meier', 'Petra Meier', 'Jonas Meier', 'Eva Evans'],
    );
    const people = mergeEntries(es.map((e) => normalizeEntry(e!, { region: 'DE', sourceKey: 'csv:-' }))).filter((c) => !c.junk);
    assert.deepEqual(people.map((c) => c.name).sort(), ['Eva Evans', 'Hans Meier', 'Jonas Meier', 'Petra Meier']);
    const nameOf = (text: string) => entries(text).map((e) => e?.name);
    assert.deepEqual(nameOf('Navn;Fornavn;E-mail\nJensen;Jens;jens@x.example\nHansen;Lars;lars@x.example\n'), ['Jens Jensen', 'Lars Hansen']);
    // The part as a word of its own, whatever its case and accents, is still the full name.
    assert.deepEqual(nameOf('Name,First Name,Email\nÉva Nagy,Eva,eva@x.example\nBob Ng,Bob,bob@x.example\n'), ['Éva Nagy', 'Bob Ng']);
  });

  it('a family name with its particles is one part (`de Vries`, `van der Berg`), and a full name is not', () => {
    const nameOf = (text: string) => entries(text).map((e) => e?.name);
    assert.deepEqual(nameOf('Naam;Voornaam;E-mail\nde Vries;Jan;jan@x.example\nvan Dijk;Piet;piet@x.example\nvan der Berg;Anouk;anouk@x.example\n'), [
      'Jan de Vries',
      'Piet van Dijk',
      'Anouk van der Berg',
    ]);
    assert.deepEqual(nameOf('Name;Vorname;E-mail\nvon Stein;Klara;k@x.example\nMeier;Hans;h@x.example\n'), ['Klara von Stein', 'Hans Meier']);
    assert.deepEqual(nameOf('Name;Surname;E-mail\nAna;da Silva;ana@x.example\nJoão;dos Santos;j@x.example\n'), ['Ana da Silva', 'João dos Santos']);
    // A full name beginning with a particle's word stays the full name: its first word is a given name.
    assert.deepEqual(nameOf('Naam;Voornaam;E-mail\nJan de Vries;Johannes;jan@x.example\nPiet van Dijk;Pieter;piet@x.example\n'), [
      'Jan de Vries',
      'Piet van Dijk',
    ]);
  });

  it('three people of one family on one landline stay three', () => {
    const es = entries(
      'Anrede;Vorname;Name;Telefon;Mobil\nHerr;Hans;Meier;+49 89 1234567;+49 171 1111111\nFrau;Petra;Meier;+49 89 1234567;+49 171 2222222\nHerr;Jonas;Meier;+49 89 1234567;\n',
    );
    assert.deepEqual(
      es.map((e) => e?.name),
      ['Hans Meier', 'Petra Meier', 'Jonas Meier'],
    );
    const people = mergeEntries(es.map((e) => normalizeEntry(e!, { region: 'DE', sourceKey: 'csv:-' }))).filter((c) => !c.junk);
    assert.equal(people.length, 3, JSON.stringify(people.map((c) => c.name)));
  });
});

describe('a declared format the body plainly contradicts is refused, saying what the body is (probe: a vCard sent as format=csv was stored as junk)', () => {
  const VCF =
    'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Lee\r\nEMAIL:ann@example.com\r\nTEL;TYPE=PAGER:+1 415 555 0199\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ben Ray\r\nTEL:+1 415 555 0123\r\nEND:VCARD\r\n';
  const CSV = 'Name,Email,Phone\r\nAnn Lee,ann@example.com,+1 415 555 0100\r\n';
  /** What readContactsFile throws for a body in a declared format, or null when it reads it. */
  const refusalOf = (body: string | Uint8Array, format: FileFormat): FileRefused | null => {
    try {
      readContactsFile(typeof body === 'string' ? Buffer.from(body, 'utf8') : body, { format });
      return null;
    } catch (e) {
      assert.ok(e instanceof FileRefused, String(e));
      return e;
    }
  };

  it('must reject: a vCard declared a CSV (BOM, blank lines, lowercase, UTF-16 too): it is a vCard, and no row is read', () => {
    for (const body of [
      VCF,
      `\uFEFF${VCF}`,
      `\r\n\r\n  ${VCF}`,
      VCF.toLowerCase(),
      VCF.replace(/\r\n/g, '\n'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(VCF, 'utf16le')]),
    ]) {
      const e = refusalOf(body, 'csv');
      assert.ok(e instanceof FormatContradicted, `${JSON.stringify(String(body).slice(0, 20))}: ${e}`);
      assert.equal(e.is, 'vcard');
      assert.equal(e.declared, 'csv');
      assert.equal(e.message, 'is a vCard (it begins BEGIN:VCARD), not a CSV');
      assert.equal(formatRefusal(e, 'csv'), 'is csv, but the body is a vCard (it begins BEGIN:VCARD), not a CSV: send format=vcard or leave format out');
    }
    assert.equal(
      formatRefusal(refusalOf(VCF, 'csv') as FormatContradicted, 'tsv'),
      'is tsv, but the body is a vCard (it begins BEGIN:VCARD), not a CSV: send format=vcard or leave format out',
    );
    // Guessed, the same file is read as the vCard it is.
    assert.deepEqual(
      readContactsFile(Buffer.from(VCF)).entries.map((e) => e.name),
      ['Ann Lee', 'Ben Ray'],
    );
  });

  it('must reject: a CSV declared a vCard (no BEGIN:VCARD anywhere, the first line a header naming contact columns)', () => {
    for (const body of [
      CSV,
      `\uFEFF${CSV}`,
      `\n${CSV}`,
      'First Name;Last Name;E-mail\nAnn;Lee;ann@example.com\n',
      'Name\tPhone\nAnn\t+1 415 555 0100\n',
      readFileSync(new URL('./fixtures/google.csv', import.meta.url)),
    ]) {
      const e = refusalOf(body, 'vcard');
      assert.ok(e instanceof FormatContradicted, `${JSON.stringify(String(body).slice(0, 20))}: ${e}`);
      assert.equal(e.is, 'csv');
      assert.equal(e.message, 'is a CSV (its first line is a header naming contact columns, and it holds no BEGIN:VCARD), not a vCard');
      assert.equal(
        formatRefusal(e, 'vcf'),
        'is vcf, but the body is a CSV (its first line is a header naming contact columns, and it holds no BEGIN:VCARD), not a vCard: send format=csv or leave format out',
      );
      assert.doesNotMatch(e.message, /Ann|example\.com/);
    }
  });

  it('must keep: a genuine CSV whose first cell holds text, even vCard words, is read as the CSV it is', () => {
    const keep = [
      CSV,
      'BEGIN:VCARD,Email\nAnn Lee,ann@example.com\n', // a header cell that merely says it
      'BEGIN:VCARD notes,Name,Email\nx,Ann Lee,ann@example.com\n',
      'Name,Email,Notes\nBEGIN:VCARD,ann@example.com,pasted\n', // a data cell holding it
      'Name,Notes,Email\nAnn Lee,"BEGIN:VCARD\nFN:Ann\nEND:VCARD",ann@example.com\n', // a card quoted in a cell
      'Team Phone List\n\nName,Phone\nAnn Lee,+1 415 555 0100\n',
    ];
    for (const body of keep) {
      assert.equal(contradictedFormat(body, 'csv'), null, body);
      const file = readContactsFile(Buffer.from(body), { format: 'csv' });
      assert.equal(file.format, 'csv');
      assert.ok(file.usable >= 1, body);
    }
  });

  it('must keep: a vCard declared a vCard, and a body declared a vCard that is no CSV, are read (or refused) as before', () => {
    assert.deepEqual(
      readContactsFile(Buffer.from(VCF), { format: 'vcard' }).entries.map((e) => e.name),
      ['Ann Lee', 'Ben Ray'],
    );
    // A card after a preamble line still reads as a vCard: it holds BEGIN:VCARD.
    assert.equal(contradictedFormat(`Name,Email\r\n${VCF}`, 'vcard'), null);
    assert.equal(readContactsFile(Buffer.from(`Exported contacts\r\n${VCF}`), { format: 'vcard' }).usable, 2);
    // Card lines without BEGIN:VCARD are no CSV header (`TEL;CELL:…` reads as two columns): the refusal is the body's, as before.
    for (const body of [
      'VERSION:3.0\r\nFN:Ann\r\nTEL;CELL:+1 415 555 0100\r\nEND:VCARD\r\n',
      'TEL;CELL:+1 415 555 0100\r\nFN:Ann\r\n',
      'foo,bar\n1,2\n',
      'just some text\n',
    ]) {
      assert.equal(contradictedFormat(body, 'vcard'), null, body);
      const e = refusalOf(body, 'vcard');
      assert.ok(e !== null && !(e instanceof FormatContradicted), `${body}: ${e}`);
      assert.match(e.message, /^holds no contact that could be read/);
    }
    // A file that is no contacts file is named as such, whatever the format declared.
    const html = refusalOf('<!DOCTYPE html><html><body>BEGIN:VCARD</body></html>', 'csv');
    assert.ok(html !== null && !(html instanceof FormatContradicted));
    assert.match(html.message, /^is an HTML page, not a contacts file/);
    // A JSON document is named as one, whatever the format declared: a Telegram export's result.json was
    // "no contact that could be read" (probe). A CSV whose first cell begins with `{` is still a CSV.
    const telegram = JSON.stringify({
      about: 'x',
      contacts: { about: 'y', list: [{ first_name: 'Ivan', last_name: 'Petrov', phone_number: '+79161234567' }] },
    });
    for (const format of ['csv', 'vcard'] as const) {
      const tg = refusalOf(`\uFEFF${telegram}`, format);
      assert.ok(tg !== null && !(tg instanceof FormatContradicted));
      assert.match(
        tg.message,
        /^is a Telegram export's JSON \(result\.json\), not a vCard or CSV file: send the contacts as JSON entries to POST \/v0\/address-book/,
      );
    }
    assert.match(refusalOf('{"user_id":"u1","entries":[]}', 'csv')?.message ?? '', /^is an upload body in JSON, not a vCard or CSV file/);
    assert.match(refusalOf('[{"name":"Ann"}]', 'csv')?.message ?? '', /^is a JSON document, not a vCard or CSV file/);
    assert.equal(readContactsFile(Buffer.from('Name,Email\n{Ann},ann@x.example\n'), { format: 'csv' }).usable, 1);
    assert.equal(readContactsFile(Buffer.from('{"Name",Email\nAnn,ann@x.example\n'), { format: 'csv' }).usable, 1);
  });

  it('kith import: a .csv holding a vCard, or a .vcf holding a CSV, is refused before anything is sent, naming --format', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kith-format-'));
    try {
      const vcfAsCsv = join(dir, 'contacts.csv');
      writeFileSync(vcfAsCsv, VCF);
      await assert.rejects(openInput(vcfAsCsv, formatOf(vcfAsCsv), { userId: 'u1' }), {
        message: 'the file is a vCard (it begins BEGIN:VCARD), not a CSV: pass --format vcard (or name it .vcf)',
      });
      const csvAsVcf = join(dir, 'contacts.vcf');
      writeFileSync(csvAsVcf, CSV);
      await assert.rejects(openInput(csvAsVcf, formatOf(csvAsVcf), { userId: 'u1' }), {
        message:
          'the file is a CSV (its first line is a header naming contact columns, and it holds no BEGIN:VCARD), not a vCard: pass --format csv (or name it .csv)',
      });
      assert.equal((await openInput(vcfAsCsv, formatOf(vcfAsCsv, 'vcard'), { userId: 'u1' })).entries, 2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("readCsvFile: exports appended one after another (a probe: the second file's people were left out as rows of too many cells)", () => {
  const google = 'First Name,Last Name,E-mail 1 - Value,Phone 1 - Value\r\n';
  const outlook = 'First Name,Middle Name,Last Name,Title,Suffix,Nickname,E-mail Address,E-mail 2 Address,Mobile Phone,Business Phone,Company\r\n';
  const people = (text: string) =>
    readCsvFile(text).rows.map((r) => (r.entry === null ? null : [r.entry.name, ...(r.entry.emails ?? []), ...(r.entry.phones ?? [])].join(' ')));

  it("must read: a second export's header starts its own rows, read by its columns; the header is one row, no contact, noted", () => {
    const text = `${google}Ann,Lee,ann@example.com,+1 415 555 0123\r\n${outlook}Bob,,Roe,,,,bob@example.com,,+1 415 555 0124,,Acme\r\nCy,,Dunn,,,,cy@example.org,,+1 415 555 0125,,\r\n`;
    assert.deepEqual(people(text), [
      'Ann Lee ann@example.com +1 415 555 0123',
      null,
      'Bob Roe bob@example.com +1 415 555 0124',
      'Cy Dunn cy@example.org +1 415 555 0125',
    ]);
    const rows = readCsvFile(text).rows;
    assert.deepEqual(rows[1]!.notes, ['second_header']);
    assert.equal(readCsvFile(text).layout, 'google');
    // The same export twice: its second header is one row, no contact, and every person is read.
    assert.deepEqual(people(`${google}Ann,Lee,ann@example.com,\r\n${google}Bob,Roe,bob@example.com,\r\n`), [
      'Ann Lee ann@example.com',
      null,
      'Bob Roe bob@example.com',
    ]);
    // A generic file, then one delimited by semicolons.
    assert.deepEqual(people('Name,Email\nAnn Lee,ann@example.com\nName;Telefon;E-Mail\nBob Roe;0171 1234567;bob@example.de\n'), [
      'Ann Lee ann@example.com',
      null,
      'Bob Roe bob@example.de 0171 1234567',
    ]);
  });

  it('must not start a new header: a row of names alone, a quoted note holding header words, a row with a number', () => {
    const text = 'Name,Email,Notes\nAnn Lee,ann@example.com,"call her\nName,Email,Phone"\nPhone Email,,\nBob Roe,bob@example.com,Name Email Phone 555\n';
    assert.deepEqual(people(text), ['Ann Lee ann@example.com', 'Phone Email', 'Bob Roe bob@example.com']);
    assert.ok(readCsvFile(text).rows.every((r) => !r.notes.includes('second_header')));
  });
});
