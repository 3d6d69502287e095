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
import { FileRefused, FormatContradicted, formatRefusal, readContactsFile, type ContactsFile, type FileFormat } from '../../readers/contacts-file.ts';
import type { AddressBookService } from '../../services/address-book.ts';
import { invalid, invalidDetailsOf, invalidMany, MAX_DETAILS, Problems, ServiceError, type ErrorDetail } from '../../services/errors.ts';
import { isInside, pruneRefused, touches, withLaterDetails } from '../../services/refused.ts';
import { uploadProblems } from '../../services/address-book-answers.ts';
import { FILE_QUERY_RULES, queryWarnings, type FieldWarning } from '../../services/upload-warnings.ts';
import { coerceRegion, coerceBookUserId } from '../../services/validate.ts';
import { AddressBookAnswers } from '../../workers/answers.ts';
import { compileBodyValidator } from '../../workers/compilers.ts';
import { arrivedAt, elapsedSeconds } from '../error-handler.ts';
import { FILE_TYPES as CONTACT_FILE_TYPES, namedFormat } from '../playground.ts';
import type { Schemas, UploadBody } from '../schemas.ts';
import { uploadBodySchema, withWarnings } from './address-book.ts';
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
 * The file of a form's upload (multipart/form-data): its one file part's bytes and declared charset, and
 * the form's other fields (text), each name's first value. Node's own multipart reader (fetch's FormData,
 * undici) does the parsing. Its errors say nothing of the body, and neither do ours.
 */
async function formFile(body: Buffer, contentType: string): Promise<{ bytes: Buffer; charset?: string; fields: Record<string, string> }> {
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
  const fields: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string' && !Object.hasOwn(fields, k)) fields[k] = v;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(files[0].type)?.[1];
  return { bytes: Buffer.from(await files[0].arrayBuffer()), ...(charset === undefined ? {} : { charset }), fields };
}

/**
 * A form's fields as the query's options (a browser form with the user, the region or `limit` beside the
 * file: they were dropped without a word, a probe): the options the route reads that the query does not
 * give (the query wins), and the warnings of the others, as for the query's (`unknown form field`).
 */
function formOptions(fields: Record<string, string>, query: Record<string, unknown>): { options: Record<string, string>; warnings: FieldWarning[] } {
  const read = new Set(FILE_QUERY_RULES.read);
  const options: Record<string, string> = {};
  const other: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (!read.has(k)) other[k] = v;
    else if (query[k] === undefined) options[k] = v;
  }
  const warnings = queryWarnings(other, FILE_QUERY_RULES).map((w) => ({ ...w, message: w.message.replace(/query option/g, 'form field') }));
  return { options, warnings };
}

type FileQuery = { user_id?: string; format?: string; backfill?: string; replace_source?: string; region?: string } & Record<string, string | undefined>;

/** POST /v0/address-book-file, as an entry of the route table (its body is the file's text). */
export function widgetFileRoutes(deps: { service: AddressBookService; schemas: Schemas; config: Config }): RouteSpec[] {
  const { service, schemas: S, config } = deps;
  const validateUpload = compileBodyValidator(uploadBodySchema(S));
  /**
   * The details of an upload a file makes in the file's terms: the file has no `entries`, so a file of
   * too many contacts is a 400 naming `body`, and one contact's field over its bound (a card of 20,000
   * EMAIL lines) names the contact by its position in the file (a probe).
   */
  const inFileTerms = (details: readonly ErrorDetail[], contacts: number, format: string): ErrorDetail[] => {
    const what = format === 'vcard' ? 'card' : 'contact';
    return details.map((d) => {
      if (d.field === 'entries')
        return {
          field: 'body',
          message: `holds ${contacts} contacts: ${d.message.replace(/^must hold at most (\d+) items$/, 'at most $1 per upload (split the file)')}`,
        };
      const m = /^entries\[(\d+)\](.*)$/.exec(d.field);
      return m === null ? d : { field: 'body', message: `${what} ${Number(m[1]) + 1} of the file (entries[${m[1]}]${m[2]}): ${d.message}` };
    });
  };
  /** The details the schema of POST's body gives the upload a file makes ([] when it takes it). */
  const schemaDetails = (body: unknown): ErrorDetail[] => {
    try {
      validateUpload(body);
      return [];
    } catch (e) {
      const d = invalidDetailsOf(e);
      if (d === null) throw e;
      return d;
    }
  };
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
          format: Type.Optional(Type.String({ maxLength: 8, description: 'vcard, csv or ldif (tsv is read as csv; default: guessed from the text)' })),
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
        const contentType = request.headers['content-type'] ?? '';
        let bytes: Buffer | null = Buffer.isBuffer(request.body) ? request.body : Buffer.from(typeof request.body === 'string' ? request.body : '', 'utf8');
        // The charset the Content-Type declares, if any; else the file's own bytes decide (decodeFileText).
        let charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
        // A browser form's upload: the file is its one file part (with the part's own charset, if any), and
        // its other fields are options as the query's are (formOptions). Read first: the user may be one.
        let formError: ErrorDetail[] | null = null;
        let formWarnings: FieldWarning[] = [];
        let query = request.query as FileQuery;
        if (/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) {
          try {
            const form = await formFile(bytes, contentType);
            ({ bytes, charset } = form);
            const read = formOptions(form.fields, query);
            query = { ...read.options, ...query };
            formWarnings = read.warnings;
          } catch (e) {
            formError = invalidDetailsOf(e);
            if (formError === null) throw e;
            bytes = null;
          }
        }
        const own = request.auth.clientUserId;
        const asked = query.user_id;
        if (own !== null && asked !== undefined && asked.trim() !== own) {
          throw new ServiceError('forbidden', 'Forbidden: user_id names another user; a client key acts only for its own user.', [
            { field: 'user_id', message: "must be the client key's user (or absent)" },
          ]);
        }
        // Every problem of the request is named in one 400, whichever check found it (docs/api.md, Errors):
        // the user, the file, its format and region, then the upload the file makes (the schema of POST's
        // body, then the options and the checks POST makes). Nothing is stored on a 400.
        const p = new Problems();
        let userId: string | null = own;
        if (userId === null) {
          if (asked === undefined) p.add([{ field: 'user_id', message: 'is required with the secret key (?user_id=)' }]);
          else userId = p.run(() => coerceBookUserId(asked, 'user_id'), null);
        }
        if (formError !== null) p.add(formError);
        // The format asked for ('guess': none; null: refused, and the file is then not read in another).
        const format = p.run((): FileFormat | 'guess' | null => namedFormat(query.format?.toLowerCase()) ?? 'guess', null);
        // Read as `kith import` and the playground read it (readers/contacts-file.ts): one entry per card
        // or row, whatever it holds, so an entry's index is its position in the file; refused with the
        // same words (a file that is no contacts file, or holds no contact that could be read). Not read
        // in a format other than the one asked for (a wrong ?format= is named instead).
        const file: ContactsFile | null =
          bytes === null || format === null
            ? null
            : p.run(() => {
                try {
                  return readContactsFile(bytes, { ...(format === 'guess' ? {} : { format }), ...(charset === undefined ? {} : { charset }) });
                } catch (e) {
                  // A format the body plainly is not (a vCard sent as format=csv was read as a CSV of junk
                  // rows and stored, the book lost) is named as `format`, saying what the body is.
                  if (e instanceof FormatContradicted) throw invalid('format', formatRefusal(e, query.format!.toLowerCase()));
                  // Its messages name lines and columns, never cell contents.
                  if (e instanceof FileRefused) throw invalid('body', e.message);
                  throw e;
                }
              }, null);
        // The upload's options come as query parameters (the body is the file): validated as POST's are.
        const options: Record<string, string> = {};
        // replace_source is passed on to be refused there: a file names no owner (address-book-answers.ts).
        for (const k of [...Object.keys(S.RankQuery.properties), 'backfill', 'replace_source']) if (query[k] !== undefined) options[k] = query[k]!;
        // A file has no owner's phone: its national numbers are read in the region asked for, else the
        // book's (the owner's phone of its stored uploads: a Mexican user's vCard after their phone book was
        // read as US numbers in an app whose default is US, and gave Lupita a US friend's number), else
        // the server's. The region is no part of the source's identity. (The book is not read for a
        // request already refused.)
        let region = p.run(() => coerceRegion(query.region, 'region'), null);
        if (region === null && query.region === undefined && userId !== null && p.details.length === 0)
          region = await service.bookRegion(request.auth.tenant, userId);
        const source = { ...(file === null || file.sourceType === null ? {} : { type: file.sourceType }), ...(region === null ? {} : { region }) };
        const entries = file === null ? [] : file.entries;
        const body = { ...(userId === null ? {} : { user_id: userId }), source, entries, ...options };
        const refused = schemaDetails(body);
        if (p.details.length > 0 || refused.length > 0) {
          // The fields the request's own checks named are not named again (a user_id refused, or a file
          // not read, whose `entries` are none); then the schema's details, then POST's other checks on
          // the rest of the upload (its options, the contacts' dates and sizes).
          const named = file === null ? [...p.details, { field: 'entries', message: '' }] : p.details;
          const later = refused.length >= MAX_DETAILS ? [] : uploadProblems(pruneRefused(body, refused), config, refused);
          const rest = withLaterDetails(refused, later).filter((d) => !touches(named, d.field));
          p.add(inFileTerms(rest, entries.length, file?.format ?? 'csv'));
          p.throwIfAny();
        }
        if (file === null || userId === null) throw invalidMany(p.details); // named above
        // The metrics hooks count the upload's entries from the body: give them the parsed entries.
        (request as { body: unknown }).body = body;
        let r: Awaited<ReturnType<AddressBookAnswers['upload']>>;
        try {
          r = await answers.upload(body as UploadBody, {
            tenant: request.auth.tenant,
            appName: request.auth.appName,
            elapsed: () => elapsedSeconds(request),
            arrivedAt: arrivedAt(request),
            ...(request.auth.clientUserId ? { clientKey: true } : {}),
          });
        } catch (e) {
          // POST's own checks (every one of them, before anything is stored), in the file's terms.
          const d = invalidDetailsOf(e);
          if (d === null || !d.some((x) => isInside(x.field, 'entries'))) throw e;
          throw invalidMany(inFileTerms(d, entries.length, file.format));
        }
        return reply
          .type('application/json; charset=utf-8')
          .send(withWarnings(r.json, [...file.warnings, ...queryWarnings(request.query, FILE_QUERY_RULES), ...formWarnings]));
      },
    },
  ];
}
