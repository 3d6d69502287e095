/**
 * A contacts file (a vCard, a contacts CSV or an LDIF address book) from its bytes to an upload's
 * entries, as POST /v0/address-book-file, the playground and `kith import` read it, so a file reads the
 * same everywhere and is refused with the same words: one entry per card, data row or record, whatever
 * it holds (`{}` for one not read, so an entry's index is its position in the file), the warnings the
 * answer must give about the file, and FileRefused for a file that is no contacts file or holds no
 * contact that could be read. Pure: bytes in, entries out.
 */
import { CsvRefused, headerColumns, readCsvFile, type CsvNote, type CsvRow } from './csv.ts';
import { isLdif, readLdifFile, type LdifNote, type LdifRecord } from './ldif.ts';
import { decodeFile, readVcardFile, type CardNote, type Entry, type VcardCard } from './vcard.ts';

export type FileFormat = 'vcard' | 'csv' | 'ldif';

/**
 * A file that cannot be read as contacts. The message completes "body …" (the file route's 400, naming
 * `body`; `kith import` says "the file …") and never quotes a cell: personal data goes in no error.
 */
export class FileRefused extends Error {}

/** What a body plainly is, by what shows it (FormatContradicted's message). */
const PLAINLY: Record<FileFormat, string> = {
  vcard: 'a vCard (it begins BEGIN:VCARD)',
  csv: 'a CSV (its first line is a header naming contact columns, and it holds no BEGIN:VCARD)',
  ldif: 'an LDIF file (its first record begins dn:)',
};
/** A format's name in "not …". */
const A_FORMAT: Record<FileFormat, string> = { vcard: 'a vCard', csv: 'a CSV', ldif: 'an LDIF file' };

/**
 * A file whose declared format it plainly is not: a vCard sent as a CSV (it begins BEGIN:VCARD), a CSV
 * sent as a vCard (no BEGIN:VCARD anywhere, and its first line is a header naming contact columns), or
 * an LDIF file (its first record begins `dn:`) sent as either. Read in the declared format, a vCard was
 * a CSV of junk rows (a nameless contact holding `TEL:…`, the book lost without a word), and a CSV a
 * vCard holding "no contact". `is`: the format the body is. The message completes "body …" (as
 * FileRefused's, which it is, so a caller that does not know it still refuses the file); the file route
 * names `format` instead (formatRefusal), `kith import` its --format.
 */
export class FormatContradicted extends FileRefused {
  readonly declared: FileFormat;
  readonly is: FileFormat;
  constructor(declared: FileFormat, is: FileFormat) {
    super(`is ${PLAINLY[is]}, not ${A_FORMAT[declared]}`);
    this.declared = declared;
    this.is = is;
  }
}

/**
 * The file route's and the playground's words for a format the body contradicts, completing "format …"
 * (`named`: the value of ?format= as sent, `tsv` or `vcf` too).
 */
export function formatRefusal(e: FormatContradicted, named: string): string {
  return `is ${named}, but the body ${e.message}: send format=${e.is} or leave format out`;
}

/** A body that begins, after a byte-order mark and blank space, with a vCard's first line (`BEGIN: VCARD` too). */
const BEGINS_VCARD = /^\uFEFF?\s*BEGIN[ \t]*:[ \t]*VCARD[ \t]*(?:\r\n|\n|\r|$)/i;
/** A vCard's first and last lines, each on a line of its own, anywhere in a body. */
const BEGIN_LINE = /^[ \t]*BEGIN[ \t]*:[ \t]*VCARD[ \t]*$/im;
const END_LINE = /^[ \t]*END[ \t]*:[ \t]*VCARD[ \t]*$/im;
/** Any BEGIN:VCARD (a card could be read from the body). */
const ANY_BEGIN = /BEGIN[ \t]*:[ \t]*VCARD/i;

/** The first line of a text that is not blank, or undefined. */
const firstLine = (text: string): string | undefined =>
  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .find((l) => l.trim() !== '');

/** Whether a line reads as a CSV header of two columns or more, one of them a contact column, and is no vCard property line. */
function csvHeaderLine(line: string | undefined): boolean {
  if (line === undefined || VCARD_LINE.test(line.trim())) return false;
  const header = headerColumns(line);
  return header !== null && header.length >= 2 && header.some((c) => c.read);
}

/**
 * Whether a body is a vCard: it begins with BEGIN:VCARD, or it holds a BEGIN:VCARD line and an
 * END:VCARD line and does not begin with a CSV's header. Text before the first card (a mail
 * attachment's MIME headers saved with it, a title line, a stray `VERSION:3.0`) made the body a CSV
 * whose header was that text or the first `TEL:` line: a probe found the people lost, the names gone and
 * the rest left out as nothing to invite, without a word about a vCard.
 */
function isVcardText(text: string): boolean {
  if (BEGINS_VCARD.test(text)) return true;
  return BEGIN_LINE.test(text) && END_LINE.test(text) && !isLdif(text) && !csvHeaderLine(firstLine(text));
}
/** A vCard content line (`TEL;TYPE=CELL:…`, `item1.EMAIL:…`): a line of a vCard, whatever the delimiters say. */
const VCARD_LINE = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)?(?:;[^:]*)?:/;

/**
 * The format a body plainly is when it contradicts the one declared, or null. Conservative: a CSV is
 * never taken for a vCard unless it begins with BEGIN:VCARD on a line of its own (a genuine CSV whose
 * first cell holds text is read as one), and a body declared a vCard (or LDIF) is called a CSV only when
 * it holds no BEGIN:VCARD at all (so no card could be read from it) and its first line reads as a CSV
 * header of two columns or more, one of them a contact column, and is no vCard property line. A body
 * whose first line that is no comment is `dn:` (or `version: 1`, then `dn:`) is LDIF (isLdif), unless it
 * is declared a vCard and holds a BEGIN:VCARD.
 */
export function contradictedFormat(text: string, declared: FileFormat): FileFormat | null {
  if (declared === 'csv') return isVcardText(text) ? 'vcard' : isLdif(text) ? 'ldif' : null;
  if (declared === 'ldif') {
    if (isLdif(text)) return null;
    if (isVcardText(text)) return 'vcard';
  }
  if (ANY_BEGIN.test(text)) return null;
  if (declared === 'vcard' && isLdif(text)) return 'ldif';
  return csvHeaderLine(firstLine(text)) ? 'csv' : null;
}

/** A warning about the file (meta.warnings): `field` is `body`; `indexes` are cards' or rows' positions. */
export interface FileWarning {
  field: string;
  message: string;
  count: number;
  indexes?: number[];
}

export interface ContactsFile {
  format: FileFormat;
  /** The API's `source.type` the file says (`ios`, `android`, `gmail`), or null. */
  sourceType: string | null;
  /** One entry per card, data row or LDIF record, in file order. */
  entries: Entry[];
  /** How many of them hold a name, e-mail, phone or company (never 0: such a file is refused). */
  usable: number;
  warnings: FileWarning[];
}

/**
 * The format of a file's text when nothing names it: a vCard starts with BEGIN:VCARD (or holds its cards
 * after text of no CSV's header: isVcardText), an LDIF file with `dn:` (or `version: 1`, then `dn:`;
 * comments before either), anything else is a CSV.
 */
export function guessFormat(text: string): FileFormat {
  return /^\uFEFF?\s*BEGIN[ \t]*:[ \t]*VCARD/i.test(text) ? 'vcard' : isLdif(text) ? 'ldif' : isVcardText(text) ? 'vcard' : 'csv';
}

const starts = (bytes: Uint8Array, ...prefix: number[]): boolean => prefix.every((b, i) => bytes[i] === b);
/** An HTML page, as a browser saves one (a sign-in page saved under the export's name). */
const HTML = /^\uFEFF?\s*<(?:!doctype\s+html|html|head|body)\b/i;

/**
 * What a file that is no contacts file is, by its first bytes (completing "body is …"), or null. A zip
 * (an .xlsx, .ods or .numbers spreadsheet is one) was read as a CSV "without a header row naming
 * contact columns", and an HTML page as one holding no contact: true, but not what was wrong.
 */
export function notContactsFile(bytes: Uint8Array, text: string): string | null {
  if (starts(bytes, 0x50, 0x4b) && (starts(bytes.subarray(2), 3, 4) || starts(bytes.subarray(2), 5, 6) || starts(bytes.subarray(2), 7, 8))) {
    return 'an archive or a spreadsheet (.xlsx), not a contacts file: export the contacts as CSV or vCard';
  }
  if (starts(bytes, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) {
    return 'a Microsoft Office file (an .xls spreadsheet?), not a contacts file: save it as CSV, or export the contacts as CSV or vCard';
  }
  if (starts(bytes, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'a PDF document, not a contacts file: export the contacts as CSV or vCard';
  const json = jsonDocument(text);
  if (json !== null) return json;
  if (HTML.test(text.slice(0, 1024))) {
    return "an HTML page, not a contacts file (a web page saved under the export's name?): export the contacts as CSV or vCard";
  }
  return null;
}

/** A body that begins, after a byte-order mark and blank space, with a JSON object or array. */
const BEGINS_JSON = /^\uFEFF?\s*[[{]\s*["{[\]}]/;

/**
 * What a JSON document is (completing "body is …"), or null for a body that is no JSON. A Telegram export's
 * `result.json` or an upload body sent here was read as a CSV "holding no contact that could be read":
 * true, but not what was wrong. Only a body that parses as JSON: a CSV whose first cell starts with `{` is
 * read as a CSV.
 */
function jsonDocument(text: string): string | null {
  if (!BEGINS_JSON.test(text.slice(0, 64))) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
  const o = doc !== null && typeof doc === 'object' && !Array.isArray(doc) ? (doc as Record<string, unknown>) : null;
  const contacts = o?.contacts as Record<string, unknown> | undefined;
  const what =
    contacts !== null && typeof contacts === 'object' && Array.isArray(contacts.list)
      ? "a Telegram export's JSON (result.json)"
      : o !== null && Array.isArray(o.entries)
        ? 'an upload body in JSON'
        : 'a JSON document';
  return `${what}, not a vCard or CSV file: send the contacts as JSON entries to POST /v0/address-book, or export them as CSV or vCard`;
}

/**
 * Reads a contacts file from its bytes. `charset`: the one its sender declares (a Content-Type's, `kith
 * import --charset`), which wins; else the bytes decide (decodeFile), and for a CSV that is not UTF-8 the
 * header does too (csvText). `format`: named by the caller; else guessed from the text. Throws
 * FileRefused for a file that is no contacts file, is empty, or holds no contact that could be read, and
 * FormatContradicted (a FileRefused) for one whose text plainly is not the format named (contradictedFormat).
 */
export function readContactsFile(bytes: Uint8Array, opts: { format?: FileFormat; charset?: string } = {}): ContactsFile {
  const decoded = decodeFile(bytes, opts.charset);
  const what = notContactsFile(bytes, decoded.text);
  if (what !== null) throw new FileRefused(`is ${what}`);
  if (!decoded.text.trim()) throw new FileRefused('must be the text of a .vcf, .csv or .ldif file');
  if (opts.format !== undefined) {
    const is = contradictedFormat(decoded.text, opts.format);
    if (is !== null) throw new FormatContradicted(opts.format, is);
  }
  const format = opts.format ?? guessFormat(decoded.text);
  const file = format === 'vcard' ? vcardFile(bytes, opts.charset) : format === 'ldif' ? ldifFile(bytes, opts.charset) : csvFile(bytes, decoded);
  if (file.usable === 0) {
    const why = file.notRead.length > 0 ? ` (${UNITS[format]} not read: ${file.notRead.join('; ')})` : '';
    throw new FileRefused(`holds no contact that could be read${why}`);
  }
  return { format, sourceType: file.sourceType, entries: file.entries, usable: file.usable, warnings: file.warnings };
}

type Read = Omit<ContactsFile, 'format'> & { notRead: string[] };

/** What a file of each format is made of. */
const UNITS: Record<FileFormat, string> = { vcard: 'cards', csv: 'rows', ldif: 'records' };

function vcardFile(bytes: Uint8Array, charset: string | undefined): Read {
  const file = readVcardFile(bytes, charset === undefined ? {} : { charset });
  return {
    sourceType: file.sourceType,
    // One entry per card, so a card's index is its position; a group card's members given by address
    // (KIND:group, MEMBER:mailto:/tel:) follow the cards, an entry each.
    entries: [...file.cards.map((c) => c.read), ...file.cards.flatMap((c) => c.members ?? [])],
    usable: file.cards.filter((c) => c.entry !== null).length + file.cards.reduce((n, c) => n + (c.members?.length ?? 0), 0),
    warnings: [
      ...(file.outside > 0
        ? [
            {
              field: 'body',
              count: file.outside,
              message: `lines outside any card (before the first BEGIN:VCARD, such as a mail attachment's headers or a title, or after an END:VCARD before the next BEGIN:VCARD) are no card's: ${file.outside} not read`,
            },
          ]
        : []),
      ...cardWarnings(file.cards),
    ],
    notRead: [...new Set(file.cards.flatMap((c) => (c.notRead === undefined ? [] : [c.notRead])))],
  };
}

function ldifFile(bytes: Uint8Array, charset: string | undefined): Read {
  const file = readLdifFile(bytes, charset === undefined ? {} : { charset });
  return {
    // LDIF names no app the book came from (Thunderbird is no source.type).
    sourceType: null,
    // One entry per record, so a record's index is its position; a group record's members given by
    // address, not records of the file, follow the records, an entry each (as a vCard's group card's).
    entries: [...file.records.map((r) => r.read), ...file.records.flatMap((r) => r.members ?? [])],
    usable: file.records.filter((r) => r.entry !== null).length + file.records.reduce((n, r) => n + (r.members?.length ?? 0), 0),
    warnings: recordWarnings(file.records),
    notRead: [...new Set(file.records.flatMap((r) => (r.notRead === undefined ? [] : [r.notRead])))],
  };
}

function csvFile(bytes: Uint8Array, decoded: { text: string; guessed: string | null }): Read {
  const { text, warnings } = csvText(bytes, decoded);
  let file: ReturnType<typeof readCsvFile>;
  try {
    file = readCsvFile(text);
  } catch (e) {
    // Its messages name lines, never cell contents.
    throw e instanceof CsvRefused ? new FileRefused(e.message) : e;
  }
  return {
    sourceType: file.sourceType,
    entries: file.rows.map((r) => r.read),
    usable: file.rows.filter((r) => r.entry !== null).length,
    warnings: [...warnings, ...unreadWarnings(file.unreadColumns), ...rowWarnings(file.rows)],
    notRead: [...new Set(file.rows.flatMap((r) => (r.notRead === undefined ? [] : [r.notRead])))],
  };
}

/**
 * The 8-bit charsets whose letters the bytes cannot tell apart (legacyCharsetOf reads Czech, Hungarian,
 * Croatian and Romanian windows-1250 as windows-1252), and what each is.
 */
const LATIN_CHARSETS: Record<string, string> = { 'windows-1252': 'Western European', 'windows-1250': 'Central European' };

/**
 * The text of a CSV whose bytes are not UTF-8 and whose charset nobody named: when the bytes chose
 * windows-1252 or windows-1250, the one of the two in which more of the header's column names are
 * contact columns (a Czech `Příjmení` is `Pøíjmení` in windows-1252, and its column was lost without a
 * word); the bytes' choice when they tie. When the header chose, a warning says which charset, and names
 * the columns it reads that the other charset does not.
 */
function csvText(bytes: Uint8Array, decoded: { text: string; guessed: string | null }): { text: string; warnings: FileWarning[] } {
  const guessed = decoded.guessed;
  if (guessed === null || !(guessed in LATIN_CHARSETS)) return { text: decoded.text, warnings: [] };
  const other = Object.keys(LATIN_CHARSETS).find((c) => c !== guessed)!;
  const reading = (charset: string, text: string) => ({ charset, text, header: headerColumns(text) });
  const bytesChose = reading(guessed, decoded.text);
  const alternative = reading(other, decodeFile(bytes, undefined, other).text);
  const score = (r: typeof bytesChose) => (r.header === null ? -1 : r.header.filter((c) => c.read).length);
  if (score(alternative) <= score(bytesChose)) return { text: decoded.text, warnings: [] };
  const [used, unused] = [alternative, bytesChose];
  const gained = (used.header ?? []).filter((c, i) => c.read && unused.header?.[i]?.read !== true).map((c) => `"${c.name}"`);
  const one = gained.length === 1;
  const warnings: FileWarning[] = [
    {
      field: 'body',
      count: 1,
      message: `the file is not UTF-8: read as ${used.charset} (${LATIN_CHARSETS[used.charset]}), in which its header's ${one ? 'column' : 'columns'} ${gained.join(', ')} ${one ? 'is a contact column' : 'are contact columns'} (in ${unused.charset} ${one ? 'it is' : 'they are'} not); if that is wrong, name the charset (Content-Type charset=…; kith import --charset)`,
    },
  ];
  return { text: used.text, warnings };
}

/** What each note of a card means for the answer (meta.warnings). */
const NOTE_MESSAGES: Record<CardNote, string> = {
  no_end: 'vCards without END:VCARD (a truncated or joined export?): each read up to the next BEGIN:VCARD or the end of the file',
  stray_soft_break:
    'vCards with a quoted-printable value ending in a stray "=" (a soft line break) before a new property: the value was ended there and the property read on its own; check these names',
  undecodable:
    'vCards holding characters that could not be decoded (U+FFFD), so names may show "\uFFFD": the file was decoded wrongly before it was sent (a windows-1252 export read as UTF-8?); send the file\'s own bytes',
  group:
    "vCard group cards (KIND:group): a group is no person, left out as nothing_to_invite; each member given by address (MEMBER:mailto: or tel:) is an entry of its own, after the file's cards",
};

/** What each note of a CSV row means for the answer (meta.warnings). */
const ROW_NOTE_MESSAGES: Record<CsvNote, string> = {
  second_header:
    'CSV header rows after the first (exports appended one after another): each is no contact, left out as nothing_to_invite, and the rows after it are read by its own columns',
  joined_cells:
    'CSV rows with more cells than the header has columns (a delimiter inside an unquoted cell), read by joining the one text cell it split: check the names of these rows, or quote such cells',
  undecodable:
    'CSV rows holding characters that could not be decoded (U+FFFD), so names may show "\uFFFD": the file was decoded wrongly before it was sent (a windows-1252 export read as UTF-8?); send the file\'s own bytes',
};

/** What each note of an LDIF record means for the answer (meta.warnings). */
const RECORD_NOTE_MESSAGES: Record<LdifNote, string> = {
  undecodable:
    'LDIF records holding characters that could not be decoded (U+FFFD), so names may show "\uFFFD": the file was decoded wrongly before it was sent (a windows-1252 export read as UTF-8?); send the file\'s own bytes',
  group:
    "LDIF group records (objectclass groupOfNames: a mailing list): a list is no person, left out as nothing_to_invite; each member given by address (member: cn=…,mail=…) that is no record of the file is an entry of its own, after the file's records",
};

/** Card or row indexes listed per warning (as the unknown-field warnings list entry indexes). */
const MAX_INDEXES = 5;

/**
 * The warnings about a file's cards or rows, aggregated by message (count, the first indexes), from
 * each one's messages in file order. `field` is `body` (the file), as in the file route's errors;
 * indexes are positions in the file, 0-based, as in meta.left_out_entries.
 */
function fileWarnings(messagesOf: string[][]): FileWarning[] {
  const seen = new Map<string, { count: number; indexes: number[] }>();
  messagesOf.forEach((messages, i) => {
    for (const message of messages) {
      let s = seen.get(message);
      if (s === undefined) seen.set(message, (s = { count: 0, indexes: [] }));
      s.count++;
      if (s.indexes.length < MAX_INDEXES) s.indexes.push(i);
    }
  });
  return [...seen].map(([message, s]) => ({ field: 'body', message, count: s.count, indexes: s.indexes }));
}

/**
 * A vCard file's warnings: cards not read (each is still an entry, `{}`, left out as
 * `nothing_to_invite`), and cards read with a doubt.
 */
function cardWarnings(cards: VcardCard[]): FileWarning[] {
  return fileWarnings(
    cards.map((c) => [
      ...(c.notRead === undefined ? [] : [`vCards not read (${c.notRead}): each is counted in meta.cleaning and left out as nothing_to_invite`]),
      ...c.notes.map((n) => NOTE_MESSAGES[n]),
    ]),
  );
}

/** A CSV file's columns not read where it reads no names (csv.ts unreadColumns): one warning naming them. */
function unreadWarnings(columns: string[]): FileWarning[] {
  if (columns.length === 0) return [];
  const list = columns.map((c) => JSON.stringify(c)).join(', ');
  return [
    {
      field: 'body',
      message: `no column of names was found, and the CSV's columns ${list} were not read: name the columns "Name" (or "First Name" and "Last Name"), "Phone" and "E-mail" to have them read`,
      count: columns.length,
    },
  ];
}

/** An LDIF file's warnings, as a vCard file's: records not read, and records read with a doubt. */
function recordWarnings(records: LdifRecord[]): FileWarning[] {
  return fileWarnings(
    records.map((r) => [
      ...(r.notRead === undefined ? [] : [`LDIF records not read (${r.notRead}): each is counted in meta.cleaning and left out as nothing_to_invite`]),
      ...r.notes.map((n) => RECORD_NOTE_MESSAGES[n]),
    ]),
  );
}

/** A CSV file's warnings, as a vCard file's: rows not read, and rows read with a doubt. */
function rowWarnings(rows: CsvRow[]): FileWarning[] {
  return fileWarnings(
    rows.map((r) => [
      ...(r.notRead === undefined ? [] : [`CSV rows not read (${r.notRead}): each is counted in meta.cleaning and left out as nothing_to_invite`]),
      ...r.notes.map((n) => ROW_NOTE_MESSAGES[n]),
    ]),
  );
}
