/**
 * Input files of `kith import` / `kith backfill`, read as numbered units of work:
 *
 * - JSON lines (.jsonl, .ndjson): one upload body per line (`user_id`, `source`, `entries`, options);
 *   unit n is line n. Streamed, so files larger than memory work.
 * - vCard (.vcf) and contacts CSV (.csv, .tsv: Google Contacts, Outlook, Thunderbird, LinkedIn, or any
 *   CSV naming contact columns; readers/csv.ts): one address book, loaded for `--user`; one unit.
 * - LDIF (.ldif: Thunderbird's LDIF export, or a directory's inetOrgPerson records; readers/ldif.ts): one
 *   address book too.
 *
 * A first pass over the file counts its lines and hashes it (the resume file names the hash), which also
 * gives the progress bar its total.
 */
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { FileRefused, FormatContradicted, readContactsFile } from '../../readers/contacts-file.ts';
import type { Entry } from '../../readers/vcard.ts';
import { invalid } from '../../services/errors.ts';
import { coerceRegion, coerceSourceType, coerceBookUserId } from '../../services/validate.ts';

export type InputFormat = 'jsonl' | 'vcard' | 'csv' | 'ldif';

/** An upload body as the import sends it (entries are split into batches on the way). */
export interface UploadBodyIn {
  user_id: string | number;
  source: Record<string, unknown>;
  entries: Entry[];
  [option: string]: unknown;
}

/** One unit of work: a body to upload, or why the unit cannot be loaded; `blank` lines need nothing. */
export type Unit = { n: number; body: UploadBodyIn } | { n: number; error: string } | { n: number; blank: true };

export interface OpenedInput {
  format: InputFormat;
  size: number;
  sha256: string;
  /** Number of units (lines for JSONL, 1 for a book). */
  units: number;
  /** For a book: entries in it, and cards/rows skipped as unreadable or empty. */
  entries?: number;
  skipped?: number;
  /** For a book: what to say about the file (its charset, cards or rows read with a doubt), as the file route's meta.warnings. */
  warnings?: string[];
  read(): AsyncIterable<Unit>;
}

/** The format of a file from its extension, or the --format given. */
export function formatOf(path: string, given?: string): InputFormat {
  const f = (given ?? '').toLowerCase();
  if (f === 'jsonl' || f === 'ndjson' || f === 'json') return 'jsonl';
  if (f === 'vcard' || f === 'vcf') return 'vcard';
  if (f === 'csv' || f === 'google-csv' || f === 'tsv') return 'csv';
  if (f === 'ldif') return 'ldif';
  if (f) throw new Error(`--format must be jsonl, vcard or csv (or ldif), not "${given}"`);
  if (/\.(jsonl|ndjson|json)$/i.test(path)) return 'jsonl';
  if (/\.(vcf|vcard)$/i.test(path)) return 'vcard';
  if (/\.(csv|tsv)$/i.test(path)) return 'csv';
  if (/\.ldif$/i.test(path)) return 'ldif';
  throw new Error(`cannot tell the format of ${path} from its name: pass --format jsonl|vcard|csv`);
}

/** Size, sha256 and line count of a file in one streaming pass. */
async function scan(path: string): Promise<{ size: number; sha256: string; lines: number }> {
  const hash = createHash('sha256');
  let lines = 0;
  let size = 0;
  let last = 10;
  for await (const chunk of createReadStream(path)) {
    const buf = chunk as Buffer;
    hash.update(buf);
    size += buf.length;
    for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) lines++;
    if (buf.length) last = buf[buf.length - 1];
  }
  // A last line without a newline is a line too.
  if (size > 0 && last !== 10) lines++;
  return { size, sha256: hash.digest('hex'), lines };
}

/** Checks that a parsed JSON line is an upload body; returns why not, or null. */
export function problemOfBody(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'is not a JSON object';
  const o = v as Record<string, unknown>;
  if (o.user_id === undefined || o.user_id === null || o.user_id === '') return 'has no user_id';
  if (!Array.isArray(o.entries)) return 'has no entries list';
  if (o.source !== undefined && (typeof o.source !== 'object' || o.source === null || Array.isArray(o.source))) return 'has a source that is not an object';
  return null;
}

/** The source fields the API types: a string or null (`phone` may also be a JSON number: its digits are read). */
const SOURCE_STRINGS = ['name', 'email', 'phone', 'type', 'region'] as const;

/**
 * What the server would refuse in an upload body, as far as it can tell without the server (--dry-run),
 * with the server's own checks and words: the user id (blank, of the wrong kind, a number past 2^53 - 1)
 * and the source (`type` not ios, gmail or android, a `region` that is no country, a field of the wrong
 * kind). Null when none of these. It does not check the entries' fields, the options' values, the
 * server's limits (body size, entries per upload, string lengths: the server's configuration), nor what
 * depends on stored data.
 */
export function refusalOf(body: UploadBodyIn): string | null {
  try {
    coerceBookUserId(body.user_id, 'user_id');
    const source = body.source;
    for (const k of SOURCE_STRINGS) {
      const v = source[k];
      if (v !== undefined && v !== null && typeof v !== 'string' && !(k === 'phone' && typeof v === 'number')) throw invalid(`source.${k}`, 'must be a string');
    }
    for (const [k, v] of Object.entries(source)) {
      if (v !== null && typeof v === 'object') throw invalid(`source.${k}`, 'must be a string, a number, a boolean or null');
    }
    coerceSourceType(source.type);
    if (source.region !== undefined) coerceRegion(source.region, 'source.region');
    return null;
  } catch (e) {
    // The services' error says it as the API does: "Invalid request: source.type must be one of ...".
    return (e as Error).message;
  }
}

export interface BookOptions {
  /** The user the book belongs to (`--user`). */
  userId?: string;
  source?: { type?: string; email?: string; phone?: string; name?: string; region?: string };
  /** The file's charset (`--charset`), for a legacy 8-bit file the bytes cannot tell (windows-1250, koi8-r …). */
  charset?: string;
}

/** Opens an input file; for a book (.vcf/.csv) parses it whole (exports are megabytes at most). */
export async function openInput(path: string, format: InputFormat, book: BookOptions = {}): Promise<OpenedInput> {
  const st = statSync(path);
  if (!st.isFile()) throw new Error(`${path} is not a file`);
  const { size, sha256, lines } = await scan(path);

  if (format === 'jsonl') {
    return {
      format,
      size,
      sha256,
      units: lines,
      async *read() {
        const rl = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
        let n = 0;
        for await (const line of rl) {
          n++;
          if (line.trim() === '') {
            yield { n, blank: true };
            continue;
          }
          let value: unknown;
          try {
            value = JSON.parse(line);
          } catch {
            // Not the parser's message: it quotes the line, and the line is personal data.
            yield { n, error: 'is not valid JSON' };
            continue;
          }
          const problem = problemOfBody(value);
          if (problem) yield { n, error: `${problem} (each line must be an upload body: user_id, source, entries)` };
          else {
            const body = value as UploadBodyIn;
            // `source` may be left out of a line: the API wants the field, and `{}` says nothing.
            yield { n, body: body.source === undefined ? { ...body, source: {} } : body };
          }
        }
      },
    };
  }

  if (!book.userId) throw new Error('a .vcf or .csv file is one address book: pass --user ID (the user it belongs to)');
  // The file's bytes: a vCard or CSV may be windows-1252 or UTF-16 (readers/vcard.ts decides).
  const bytes = readFileSync(path);
  // --charset is for bytes that cannot tell: a file that is UTF-8 stays UTF-8 (a review: a UTF-8 CSV read
  // as windows-1250 came out `ZoĂ« MĂĽller`).
  const charset = book.charset !== undefined && !isUtf8(bytes) ? book.charset : undefined;
  const parsed = fileBook(bytes, format, charset);
  const source: Record<string, unknown> = {};
  const type = book.source?.type ?? parsed.sourceType;
  if (type) source.type = type;
  for (const k of ['email', 'phone', 'name', 'region'] as const) if (book.source?.[k]) source[k] = book.source[k];
  const body: UploadBodyIn = { user_id: book.userId, source, entries: parsed.entries };
  return {
    format,
    size,
    sha256,
    units: 1,
    entries: parsed.entries.length,
    skipped: parsed.skipped,
    warnings: parsed.warnings,
    async *read() {
      yield { n: 1, body };
    },
  };
}

/** A file book: one entry per card or row, how many of them hold nothing usable, and what to say about the file. */
interface FileBook {
  entries: Entry[];
  skipped: number;
  sourceType: string | null;
  warnings: string[];
}

/**
 * One entry per card or row, whatever it holds (`{}` for one not read), read and refused as `POST
 * /v0/address-book-file` reads and refuses the file (readers/contacts-file.ts): an entry's index in the
 * upload is then its card's or row's position in the file (in its batch of 500), and every card is
 * counted in meta.cleaning, one with nothing usable left out as nothing_to_invite. Dropping those here
 * shifted every later index (a probe: the left-out list named rows that were not the file's). A file
 * holding no contact that could be read is refused before anything is sent (a header-only CSV stored an
 * empty book), as the file route refuses it, in its words.
 */
function fileBook(bytes: Uint8Array, format: 'vcard' | 'csv' | 'ldif', charset?: string): FileBook {
  try {
    const file = readContactsFile(bytes, { format, ...(charset === undefined ? {} : { charset }) });
    return {
      entries: file.entries,
      skipped: file.entries.length - file.usable,
      sourceType: file.sourceType,
      warnings: file.warnings.map((w) =>
        w.indexes === undefined ? w.message : `${w.message} (${w.count}; indexes ${w.indexes.join(', ')}${w.count > w.indexes.length ? ', …' : ''})`,
      ),
    };
  } catch (e) {
    // A format the file plainly is not (its name or --format says csv, and it begins BEGIN:VCARD): say
    // which to pass, as the file route names its ?format=.
    if (e instanceof FormatContradicted) throw new Error(`the file ${e.message}: pass --format ${e.is} (or name it .${e.is === 'vcard' ? 'vcf' : e.is})`);
    // FileRefused's message completes "body …"; here the body is the file.
    throw e instanceof FileRefused ? new Error(`the file ${e.message}`) : e;
  }
}
