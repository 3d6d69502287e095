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
import { CsvRefused, readCsvFile } from '../readers/csv.ts';
import { decodeFileText, readVcardFile } from '../readers/vcard.ts';
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

export type FileFormat = 'vcard' | 'csv';

/** The format of a contacts file: named, else guessed from its first line. */
export function detectFormat(text: string, named?: string): FileFormat {
  if (named === 'vcard' || named === 'vcf') return 'vcard';
  if (named === 'csv' || named === 'tsv') return 'csv';
  if (named) throw invalid('format', 'must be vcard or csv');
  return /^\uFEFF?\s*BEGIN:VCARD/i.test(text) ? 'vcard' : 'csv';
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
      const text = Buffer.isBuffer(request.body) ? decodeFileText(request.body, charset) : '';
      if (!text.trim()) throw invalid('body', 'must be the text of a .vcf or .csv file');
      const format = detectFormat(text, request.query.format?.toLowerCase());
      // One entry per card or row, whatever it holds (`{}` for one not read), as POST /v0/address-book-file
      // and `kith import` send them: the API then counts every card in meta.cleaning.entries_read and leaves
      // out those with nothing usable as nothing_to_invite, so the page's counts are the API's. (It sent
      // only the usable ones: "4 entries read" for a 5-card file the API counts as 5.) `skipped`: how
      // many of them hold nothing usable.
      if (format === 'vcard') {
        // From its bytes, as the file upload reads a vCard (a property may declare its own CHARSET).
        const file = readVcardFile(request.body as Buffer, { charset });
        const skipped = file.cards.filter((c) => c.entry === null).length;
        return { format, source_type: file.sourceType, entries: file.cards.map((c) => c.read), skipped };
      }
      try {
        const file = readCsvFile(text);
        const skipped = file.rows.filter((r) => r.entry === null).length;
        return { format, source_type: file.sourceType, entries: file.rows.map((r) => r.read), skipped };
      } catch (e) {
        // Its messages name lines, never cell contents, so they are safe to return.
        if (e instanceof CsvRefused) throw invalid('body', e.message);
        throw e;
      }
    });
  });
}
