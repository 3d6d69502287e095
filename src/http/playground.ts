/**
 * The playground at /playground: drop a vCard or contacts CSV file (Google Contacts, Outlook,
 * Thunderbird, LinkedIn, or any CSV naming contact columns), pick options, and see the cleaned, ranked
 * list with the explanation of each score.
 *
 * The page is plain HTML/JS (no build step) in ./playground/. Files are parsed on the server by the same
 * readers as `kith import` (POST /playground/parse, API key required, nothing stored, nothing logged), so
 * the browser and the CLI read a file the same way; the page then calls the public API with the key the
 * user typed, exactly as a client would.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { FileRefused, FormatContradicted, formatRefusal, readContactsFile, type FileFormat } from '../readers/contacts-file.ts';
import type { Config } from '../config.ts';
import type { Storage } from '../storage/types.ts';
import { authHook } from './auth.ts';
import { invalid } from './errors.ts';

const ASSETS: Record<string, { file: string; type: string }> = {
  '': { file: 'index.html', type: 'text/html; charset=utf-8' },
  'playground.js': { file: 'playground.js', type: 'text/javascript; charset=utf-8' },
  'playground.css': { file: 'playground.css', type: 'text/css; charset=utf-8' },
};

/** Everything the page needs comes from this server; inline scripts and other origins are refused. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Content types a browser may give a dropped contacts file (Windows names a .csv application/vnd.ms-excel
 * when Excel is installed). The widget's and the playground's scripts carry a copy (static files).
 */
export const FILE_TYPES = [
  'text/plain',
  'text/vcard',
  'text/x-vcard',
  'text/directory',
  'text/csv',
  'application/csv',
  'text/tab-separated-values',
  'application/vnd.ms-excel',
  'application/octet-stream',
];

export type { FileFormat };

/** The format a query names (`?format=`), or undefined for none: the file's text then tells (guessFormat). */
export function namedFormat(named?: string): FileFormat | undefined {
  if (named === 'vcard' || named === 'vcf') return 'vcard';
  if (named === 'csv' || named === 'tsv') return 'csv';
  if (named === 'ldif') return 'ldif';
  if (named) throw invalid('format', 'must be vcard, csv or ldif');
  return undefined;
}

/** Registers the page, its assets and POST /playground/parse. */
export async function playgroundPlugin(app: FastifyInstance, opts: { config: Config; storage: Storage }): Promise<void> {
  const dir = new URL('./playground/', import.meta.url);
  // Read once at start-up: the files are small, and a missing one should stop the start, not a request.
  const files = new Map(Object.entries(ASSETS).map(([name, a]) => [name, { body: readFileSync(new URL(a.file, dir), 'utf8'), type: a.type }]));

  for (const [name, asset] of files) {
    app.get(name ? `/playground/${name}` : '/playground', { schema: { hide: true } }, async (_request, reply) =>
      reply.type(asset.type).header('content-security-policy', CSP).header('cache-control', 'no-cache').send(asset.body),
    );
  }

  await app.register(async (scope) => {
    // request.auth is declared by the app; this route authenticates like the route table's secret_key routes.
    scope.addHook('onRequest', authHook(opts.storage));
    // The bytes as sent, decoded as the file upload decodes them (windows-1252 and UTF-16 too).
    scope.addContentTypeParser(FILE_TYPES, { parseAs: 'buffer', bodyLimit: opts.config.bodyLimitBytes }, (_req, body, done) => done(null, body));
    scope.post<{ Querystring: { format?: string } }>('/playground/parse', { schema: { hide: true } }, async (request) => {
      const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
      const format = namedFormat(request.query.format?.toLowerCase());
      // One entry per card or row, whatever it holds (`{}` for one not read), as POST /v0/address-book-file
      // and `kith import` send them (the same reader, readers/contacts-file.ts): the API then counts every
      // card in meta.cleaning.entries_read and leaves out those with nothing usable as nothing_to_invite,
      // so the page's counts are the API's. (It sent only the usable ones: "4 entries read" for a 5-card
      // file the API counts as 5.) `skipped`: how many of them hold nothing usable.
      try {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const file = readContactsFile(bytes, { ...(format === undefined ? {} : { format }), ...(charset === undefined ? {} : { charset }) });
        return { format: file.format, source_type: file.sourceType, entries: file.entries, skipped: file.entries.length - file.usable };
      } catch (e) {
        // A format the body plainly is not: named as POST /v0/address-book-file names it.
        if (e instanceof FormatContradicted) throw invalid('format', formatRefusal(e, request.query.format!.toLowerCase()));
        // Its messages name lines and columns, never cell contents, so they are safe to return.
        if (e instanceof FileRefused) throw invalid('body', e.message);
        throw e;
      }
    });
  });
}
