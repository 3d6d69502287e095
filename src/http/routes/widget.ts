/**
 * The invite widget: GET /widget.js (the <kith-invite> web component), its demo page at /widget/demo,
 * and POST /v0/address-book-file, where the widget uploads a dropped vCard or Google Contacts CSV for
 * its user. The file is read on the server by the readers of `kith import` (as /playground does), so a
 * file reads the same in the widget, the playground and the CLI, and the widget stays small.
 */
import { readFileSync } from 'node:fs';
import { Type } from '@sinclair/typebox';
import type { Config } from '../../config.ts';
import { parseGoogleCsv } from '../../readers/google-csv.ts';
import { parseVcards } from '../../readers/vcard.ts';
import type { AddressBookService } from '../../services/address-book.ts';
import { invalid, ServiceError } from '../../services/errors.ts';
import { coerceUserId } from '../../services/validate.ts';
import { AddressBookAnswers } from '../../workers/answers.ts';
import { compileBodyValidator } from '../../workers/compilers.ts';
import { elapsedSeconds } from '../error-handler.ts';
import { detectFormat } from '../playground.ts';
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

/** Content types a browser may give a dropped contacts file. */
const FILE_TYPES = ['text/plain', 'text/vcard', 'text/x-vcard', 'text/directory', 'text/csv', 'application/csv', 'application/octet-stream'];

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

/** The entries of a contacts file, read as `kith import` reads it. */
function readContactsFile(text: string, format: 'vcard' | 'csv'): { sourceType: string | null; entries: unknown[] } {
  if (format === 'vcard') {
    const parsed = parseVcards(text);
    return { sourceType: parsed.sourceType, entries: parsed.entries };
  }
  try {
    return { sourceType: 'gmail', entries: parseGoogleCsv(text).entries };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    // csv-parse's messages name lines and columns, never cell contents.
    throw invalid('body', message.startsWith('this CSV') ? message.replace(/^this CSV is/, 'is a CSV but') : `is not a readable CSV file (${message})`);
  }
}

type FileQuery = { user_id?: string; format?: string; backfill?: string } & Record<string, string | undefined>;

/** POST /v0/address-book-file, as an entry of the route table (its body is the file's text). */
export function widgetFileRoutes(deps: { service: AddressBookService; schemas: Schemas; config: Config }): RouteSpec[] {
  const { service, schemas: S, config } = deps;
  const validateUpload = compileBodyValidator(uploadBodySchema(S));
  // The one path of the address-book uploads (the answer is POST /v0/address-book's, byte for byte).
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
        summary: 'Upload a vCard or Google Contacts CSV file as an address book',
        description:
          "The body is the file's text (Content-Type text/plain, text/vcard or text/csv). With a client key the book is the key's user's; with the secret key, name the user with ?user_id=. The options of POST /v0/address-book (limit, explain, include_left_out, the filters and promotions, backfill) are query parameters. Answers as POST /v0/address-book does.",
        tags: ['client keys'],
        querystring: Type.Object({
          user_id: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
          format: Type.Optional(Type.String({ maxLength: 8, description: 'vcard or csv (default: guessed from the text)' })),
          ...S.RankQuery.properties,
          backfill: Type.Optional(Type.String({ maxLength: 16, description: '1: store without answering the list (as in POST /v0/address-book)' })),
        }),
        response: { 200: S.UploadResponse },
      },
      example: { query: { user_id: '42', format: 'vcard', ...EXAMPLE_RANK_QUERY, backfill: '0' } },
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
        const text = typeof request.body === 'string' ? request.body : '';
        if (!text.trim()) throw invalid('body', 'must be the text of a .vcf or .csv file');
        const file = readContactsFile(text, detectFormat(text, query.format?.toLowerCase()));
        if (file.entries.length === 0) throw invalid('body', 'holds no contact that could be read');
        // The upload's options come as query parameters (the body is the file): validated as POST's are.
        const options: Record<string, string> = {};
        for (const k of [...Object.keys(S.RankQuery.properties), 'backfill']) if (query[k] !== undefined) options[k] = query[k]!;
        const body = { user_id: userId, source: file.sourceType === null ? {} : { type: file.sourceType }, entries: file.entries, ...options };
        validateUpload(body);
        // The metrics hooks count the upload's entries from the body: give them the parsed entries.
        (request as { body: unknown }).body = body;
        const r = await answers.upload(body as UploadBody, {
          tenant: request.auth.tenant,
          appName: request.auth.appName,
          elapsed: () => elapsedSeconds(request),
        });
        return reply.type('application/json; charset=utf-8').send(r.json);
      },
    },
  ];
}
