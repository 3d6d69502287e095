/**
 * The invite widget: GET /widget.js (the <kith-invite> web component), its demo page at /widget/demo,
 * and POST /v0/address-book-file, where the widget uploads a dropped vCard or contacts CSV (Google,
 * Outlook, Thunderbird, LinkedIn or any CSV naming contact columns) for its user. The file is read on
 * the server by the readers of `kith import` (as /playground does), so a file reads the same in the
 * widget, the playground and the CLI, and the widget stays small.
 */
import { readFileSync } from 'node:fs';
import { Type } from '@sinclair/typebox';
import type { Config } from '../../config.ts';
import { CsvRefused, readCsvFile, type CsvNote, type CsvRow } from '../../readers/csv.ts';
import { decodeFileText, readVcardFile, type CardNote, type VcardCard } from '../../readers/vcard.ts';
import type { AddressBookService } from '../../services/address-book.ts';
import { invalid, ServiceError } from '../../services/errors.ts';
import { FILE_QUERY_RULES, queryWarnings, type FieldWarning } from '../../services/upload-warnings.ts';
import { coerceRegion, coerceUserId } from '../../services/validate.ts';
import { AddressBookAnswers } from '../../workers/answers.ts';
import { compileBodyValidator } from '../../workers/compilers.ts';
import { elapsedSeconds } from '../error-handler.ts';
import { detectFormat, FILE_TYPES as CONTACT_FILE_TYPES } from '../playground.ts';
import type { Schemas, UploadBody } from '../schemas.ts';
import { uploadBodySchema } from './address-book.ts';
import { EXAMPLE_RANK_QUERY } from './examples.ts';
import type { RouteSpec } from './table.ts';

const ASSETS: Record<string, { file: string; type: string }> = {
  '/widget.js': { file: 'widget.js', type: 'text/javascript; charset=utf-8' },
  '/widget/demo': { file: 'demo.html', type: 'text/html; charset=utf-8' },
  '/widget/demo.js': { file: 'demo.js', type: 'text/javascript; charset=utf-8' },
  '/widget/demo.css': { file: 'demo.css', type: 'text/css; charset=utf-8' },
};

/** The demo page loads only this server's files and talks only to it. */
const DEMO_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The contacts file's own types (playground.ts) and a form's upload (multipart/form-data). */
// Form-encoded: what `curl --data-binary @contacts.csv` sends unless told otherwise.
const FILE_TYPES = [...CONTACT_FILE_TYPES, 'multipart/form-data', 'application/x-www-form-urlencoded'];

/** GET /widget.js and the demo page (no key: they are static files), as entries of the route table. */
export function widgetRoutes(): RouteSpec[] {
  const dir = new URL('../widget/', import.meta.url);
  return Object.entries(ASSETS).map(([path, a]): RouteSpec => {
    const body = readFileSync(new URL(a.file, dir), 'utf8'); // at start-up: a missing file stops the start
    return {
      method: 'GET',
      url: path,
      auth: 'public',
      schema: { hide: true },
      handler: async (_request, reply) => {
        reply.type(a.type).header('cache-control', 'public, max-age=300').header('x-content-type-options', 'nosniff');
        if (a.type.startsWith('text/html')) reply.header('content-security-policy', DEMO_CSP);
        return reply.send(body);
      },
    };
  });
}

/**
 * A contacts file, read as `kith import` reads it. `entries` are the upload's; `usable`: how many hold a
 * name, e-mail, phone or company; `warnings`: what the answer must say about the file beyond them.
 */
interface ContactsFile {
  sourceType: string | null;
  entries: unknown[];
  usable: number;
  warnings: FieldWarning[];
  /** Why cards or rows were not read (distinct reasons), for the error of a file with no usable one. */
  notRead: string[];
}

function readContactsFile(text: string, format: 'vcard' | 'csv', bytes?: Uint8Array, charset?: string): ContactsFile {
  if (format === 'vcard') {
    // One entry per card, whatever it holds (`{}` for a card not read), so that an entry's index is its
    // card's position in the file (meta.left_out_entries, on POST and GET alike), every card is counted
    // in meta.cleaning, and a card with nothing usable is left out as `nothing_to_invite`, as in JSON.
    const file = bytes === undefined ? readVcardFile(text) : readVcardFile(bytes, { charset });
    const usable = file.cards.filter((c) => c.entry !== null).length;
    const notRead = [...new Set(file.cards.flatMap((c) => (c.notRead === undefined ? [] : [c.notRead])))];
    return { sourceType: file.sourceType, entries: file.cards.map((c) => c.read), usable, warnings: cardWarnings(file.cards), notRead };
  }
  // As for vCards: one entry per data row (`{}` for a row with nothing usable or not read), so an
  // entry's index is its row's position after the header, 0-based, and every row is counted.
  let file: ReturnType<typeof readCsvFile>;
  try {
    file = readCsvFile(text);
  } catch (e) {
    // Its messages name lines, never cell contents.
    if (e instanceof CsvRefused) throw invalid('body', e.message);
    throw e;
  }
  const usable = file.rows.filter((r) => r.entry !== null).length;
  const notRead = [...new Set(file.rows.flatMap((r) => (r.notRead === undefined ? [] : [r.notRead])))];
  return { sourceType: file.sourceType, entries: file.rows.map((r) => r.read), usable, warnings: rowWarnings(file.rows), notRead };
}

/** What each note of a card means for the answer (meta.warnings). */
const NOTE_MESSAGES: Record<CardNote, string> = {
  no_end: 'vCards without END:VCARD (a truncated or joined export?): each read up to the next BEGIN:VCARD or the end of the file',
  undecodable:
    'vCards holding characters that could not be decoded (U+FFFD), so names may show "\uFFFD": the file was decoded wrongly before it was sent (a windows-1252 export read as UTF-8?); send the file\'s own bytes',
};

/** What each note of a CSV row means for the answer (meta.warnings). */
const ROW_NOTE_MESSAGES: Record<CsvNote, string> = {
  joined_cells:
    'CSV rows with more cells than the header has columns (a delimiter inside an unquoted cell), read by joining the one text cell it split: check the names of these rows, or quote such cells',
  undecodable:
    'CSV rows holding characters that could not be decoded (U+FFFD), so names may show "\uFFFD": the file was decoded wrongly before it was sent (a windows-1252 export read as UTF-8?); send the file\'s own bytes',
};

/** Card or row indexes listed per warning (as the unknown-field warnings list entry indexes). */
const MAX_INDEXES = 5;

/**
 * The warnings about a file's cards or rows, aggregated by message (count, the first indexes), from
 * each one's messages in file order. `field` is `body` (the file), as in this route's errors; indexes
 * are positions in the file, 0-based, as in meta.left_out_entries.
 */
function fileWarnings(messagesOf: string[][]): FieldWarning[] {
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
function cardWarnings(cards: VcardCard[]): FieldWarning[] {
  return fileWarnings(
    cards.map((c) => [
      ...(c.notRead === undefined ? [] : [`vCards not read (${c.notRead}): each is counted in meta.cleaning and left out as nothing_to_invite`]),
      ...c.notes.map((n) => NOTE_MESSAGES[n]),
    ]),
  );
}

/** A CSV file's warnings, as a vCard file's: rows not read, and rows read with a doubt. */
function rowWarnings(rows: CsvRow[]): FieldWarning[] {
  return fileWarnings(
    rows.map((r) => [
      ...(r.notRead === undefined ? [] : [`CSV rows not read (${r.notRead}): each is counted in meta.cleaning and left out as nothing_to_invite`]),
      ...r.notes.map((n) => ROW_NOTE_MESSAGES[n]),
    ]),
  );
}

/**
 * The file of a form's upload (multipart/form-data): its one file part's bytes and declared charset.
 * Node's own multipart reader (fetch's FormData, undici) does the parsing; fields that are no file are
 * ignored. Its errors say nothing of the body, and neither do ours.
 */
async function formFile(body: Buffer, contentType: string): Promise<{ bytes: Buffer; charset?: string }> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw invalid('body', "is not readable multipart/form-data; send the file's bytes as the body instead (Content-Type text/csv or text/vcard)");
  }
  const files = [...form.values()].filter((v): v is File => typeof v !== 'string');
  if (files.length !== 1) {
    throw invalid(
      'body',
      `must hold one file part when sent as multipart/form-data, not ${files.length}; or send the file's bytes as the body (Content-Type text/csv or text/vcard)`,
    );
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(files[0].type)?.[1];
  return { bytes: Buffer.from(await files[0].arrayBuffer()), ...(charset === undefined ? {} : { charset }) };
}

/** The answer's JSON with the file's warnings after the upload's own (the serialiser's order: meta.warnings last). */
function withWarnings(json: Buffer, warnings: FieldWarning[]): Buffer {
  if (warnings.length === 0) return json;
  const answer = JSON.parse(json.toString('utf8')) as { meta: { warnings?: FieldWarning[] } };
  answer.meta.warnings = [...(answer.meta.warnings ?? []), ...warnings];
  return Buffer.from(JSON.stringify(answer), 'utf8');
}

type FileQuery = { user_id?: string; format?: string; backfill?: string; replace_source?: string; region?: string } & Record<string, string | undefined>;

/** POST /v0/address-book-file, as an entry of the route table (its body is the file's text). */
export function widgetFileRoutes(deps: { service: AddressBookService; schemas: Schemas; config: Config }): RouteSpec[] {
  const { service, schemas: S, config } = deps;
  const validateUpload = compileBodyValidator(uploadBodySchema(S));
  // The one path of the address-book uploads (the answer is POST /v0/address-book's, byte for byte,
  // plus the file's own warnings when it has any).
  const answers = new AddressBookAnswers(service, config, S);
  return [
    {
      method: 'POST',
      url: '/v0/address-book-file',
      auth: 'secret_or_client_key',
      clientUser: 'own', // checked below: the user may be named in the query
      textBody: FILE_TYPES,
      countsUploads: true,
      schema: {
        summary: 'Upload a vCard or contacts CSV file as an address book',
        description:
          "The body is the file's bytes (Content-Type text/plain, text/vcard or text/csv; or multipart/form-data with one file part, as a browser form sends it). A CSV may be a Google Contacts, Outlook, Thunderbird or LinkedIn export, or any CSV whose header names contact columns, delimited by a comma, a semicolon or a tab. With a client key the book is the key's user's; with the secret key, name the user with ?user_id=. The options of POST /v0/address-book (limit, explain, include_left_out, the filters and promotions, backfill) are query parameters. Answers as POST /v0/address-book does.",
        tags: ['client keys'],
        querystring: Type.Object({
          user_id: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
          format: Type.Optional(Type.String({ maxLength: 8, description: 'vcard or csv (tsv is read as csv; default: guessed from the text)' })),
          region: Type.Optional(
            Type.String({
              maxLength: 8,
              description:
                "ISO 3166 country (e.g. MX) whose plan the file's numbers without a country code are read in; default: the country of the owner's phone of the user's stored uploads, else the server's KITH_DEFAULT_REGION",
            }),
          ),
          ...S.RankQuery.properties,
          backfill: Type.Optional(Type.String({ maxLength: 16, description: '1: store without answering the list (as in POST /v0/address-book)' })),
        }),
        response: { 200: S.UploadResponse },
      },
      example: { query: { user_id: '42', format: 'vcard', region: 'MX', ...EXAMPLE_RANK_QUERY, backfill: '0' } },
      sample: {
        path: '/v0/address-book-file?user_id=owner',
        body: 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nEMAIL:ann@example.com\r\nEND:VCARD\r\n',
        contentType: 'text/vcard',
      },
      handler: async (request, reply) => {
        const query = request.query as FileQuery;
        const own = request.auth.clientUserId;
        const asked = query.user_id;
        if (own !== null && asked !== undefined && asked.trim() !== own) {
          throw new ServiceError('forbidden', 'Forbidden: user_id names another user; a client key acts only for its own user.', [
            { field: 'user_id', message: "must be the client key's user (or absent)" },
          ]);
        }
        const userId = own ?? (asked === undefined ? null : coerceUserId(asked, 'user_id'));
        if (userId === null) throw invalid('user_id', 'is required with the secret key (?user_id=)');
        const contentType = request.headers['content-type'] ?? '';
        let bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.from(typeof request.body === 'string' ? request.body : '', 'utf8');
        // The charset the Content-Type declares, if any; else the file's own bytes decide (decodeFileText).
        let charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
        // A browser form's upload: the file is its one file part (with the part's own charset, if any).
        if (/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) ({ bytes, charset } = await formFile(bytes, contentType));
        const text = decodeFileText(bytes, charset);
        if (!text.trim()) throw invalid('body', 'must be the text of a .vcf or .csv file');
        const format = detectFormat(text, query.format?.toLowerCase());
        const file = readContactsFile(text, format, bytes, charset);
        if (file.usable === 0) {
          const why = file.notRead.length > 0 ? ` (${format === 'vcard' ? 'cards' : 'rows'} not read: ${file.notRead.join('; ')})` : '';
          throw invalid('body', `holds no contact that could be read${why}`);
        }
        // The upload's options come as query parameters (the body is the file): validated as POST's are.
        const options: Record<string, string> = {};
        // replace_source is passed on to be refused there: a file names no owner (address-book-answers.ts).
        for (const k of [...Object.keys(S.RankQuery.properties), 'backfill', 'replace_source']) if (query[k] !== undefined) options[k] = query[k]!;
        // A file has no owner's phone: its national numbers are read in the region asked for, else the
        // book's (the owner's phone of its stored uploads: a Mexican user's vCard after their phone book was
        // read as US numbers in an app whose default is US, and gave Lupita a US friend's number), else
        // the server's. The region is no part of the source's identity.
        const region = coerceRegion(query.region, 'region') ?? (await service.bookRegion(request.auth.tenant, userId));
        const source = { ...(file.sourceType === null ? {} : { type: file.sourceType }), ...(region === null ? {} : { region }) };
        const body = { user_id: userId, source, entries: file.entries, ...options };
        validateUpload(body);
        // The metrics hooks count the upload's entries from the body: give them the parsed entries.
        (request as { body: unknown }).body = body;
        const r = await answers.upload(body as UploadBody, {
          tenant: request.auth.tenant,
          appName: request.auth.appName,
          elapsed: () => elapsedSeconds(request),
        });
        return reply.type('application/json; charset=utf-8').send(withWarnings(r.json, [...file.warnings, ...queryWarnings(request.query, FILE_QUERY_RULES)]));
      },
    },
  ];
}
