/** POST /v0/address-book, GET and DELETE /v0/address-book/:user_id. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { OptionError, parseFlag, parseRankOptions, type RankOptions } from '../../domain/options.ts';
import type { EntryInput, SourceInput } from '../../domain/types.ts';
import { AddressBookService, toWire } from '../../services/address-book.ts';
import { invalid } from '../errors.ts';
import { elapsedSeconds } from '../error-handler.ts';
import type { RankQuery, Schemas, UploadBody } from '../schemas.ts';
import { checkEntries, coerceSourceType, coerceUserId } from '../validate.ts';
import { EXAMPLE_UPLOAD } from './examples.ts';

function options(src: Record<string, unknown>): RankOptions {
  try {
    return parseRankOptions(src);
  } catch (e) {
    if (e instanceof OptionError) throw invalid(e.field, e.problem);
    throw e;
  }
}

/**
 * The user id of the path, decoded as existing clients encode it: form encoding, so `+` is a space
 * (and `%2B` a plus). Fastify's decoding keeps `+`, so the raw segment is decoded here.
 */
export function pathUserId(request: FastifyRequest): string {
  const path = request.url.split('?')[0];
  const raw = path.replace(/\/+$/, '').split('/').pop() ?? '';
  let id: string;
  try {
    id = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw invalid('user_id', 'is not a valid URL-encoded path segment');
  }
  if (id.trim() === '') throw invalid('user_id', 'must not be blank');
  if (id.length > 256) throw invalid('user_id', 'must be at most 256 characters');
  return id.trim();
}

export function addressBookRoutes(app: FastifyInstance, deps: { service: AddressBookService; schemas: Schemas; config: Config }) {
  const { service, schemas: S, config } = deps;
  const docs = `${config.publicUrl}/docs`;

  app.post<{ Body: UploadBody }>(
    '/address-book',
    {
      schema: {
        summary: 'Upload an address book and get the ranked list',
        description:
          'Merges the entries into the stored book of user_id (several sources and batches merge into one book), then returns the cleaned, deduplicated, ranked list. With backfill=1 the list is not returned (fastest path for bulk loads).',
        tags: ['address book'],
        body: { ...S.UploadBody, examples: [EXAMPLE_UPLOAD] },
        response: { 200: S.UploadResponse },
      },
    },
    async (request) => {
      const body = request.body;
      const userId = coerceUserId(body.user_id, 'user_id');
      const opts = options(body as unknown as Record<string, unknown>);
      let backfill: boolean;
      try {
        backfill = parseFlag(body.backfill, 'backfill');
      } catch (e) {
        throw invalid('backfill', (e as OptionError).problem);
      }
      const source: SourceInput = { ...body.source, type: coerceSourceType(body.source.type) };
      const entries = body.entries as EntryInput[];
      checkEntries(entries, config);
      if (opts.promoteMatchingDomain === 'owner' && !backfill && !source.email?.includes('@')) {
        // Checked before storing anything: a rejected request stores nothing.
        await service.requireOwnerEmail(request.auth.tenant, userId);
      }
      const batchId = await service.upload(request.auth.tenant, userId, source, entries);
      const message = `Address book for ${userId} added.`;
      if (backfill) {
        return { batch_id: batchId, message, meta: { app_name: request.auth.appName, time: elapsedSeconds(request), user_id: userId } };
      }
      const view = await service.ranked(request.auth.tenant, userId, opts);
      const meta: Record<string, unknown> = {
        app_name: request.auth.appName,
        time: 0,
        total_count: view.rows.length,
        user_id: userId,
      };
      if (view.exceptionMatchingDomain) meta.exception_matching_email_domain = true;
      const data = view.rows.map(toWire);
      meta.time = elapsedSeconds(request);
      return { batch_id: batchId, data, message, meta };
    },
  );

  app.get<{ Querystring: RankQuery }>(
    '/address-book/:user_id',
    {
      schema: {
        summary: 'Read the stored address book, cleaned, merged and ranked',
        tags: ['address book'],
        params: S.UserIdParams,
        querystring: S.RankQuery,
        response: { 200: S.BookResponse },
      },
    },
    async (request) => {
      const userId = pathUserId(request);
      const opts = options(request.query as Record<string, unknown>);
      const view = await service.ranked(request.auth.tenant, userId, opts);
      const meta: Record<string, unknown> = {
        app_name: request.auth.appName,
        docs,
        help: 'Questions? See the reference at meta.docs.',
        time: 0,
        total_count: view.rows.length,
        user_id: userId,
      };
      if (view.exceptionMatchingDomain) meta.exception_matching_email_domain = true;
      const data = view.rows.map(toWire);
      meta.time = elapsedSeconds(request);
      return { meta, data };
    },
  );

  app.delete(
    '/address-book/:user_id',
    {
      schema: {
        summary: 'Delete everything stored for the user',
        tags: ['address book'],
        params: S.UserIdParams,
        response: { 200: S.MessageResponse },
      },
    },
    async (request) => {
      const userId = pathUserId(request);
      await service.delete(request.auth.tenant, userId);
      return { message: `Address book for ${userId} deleted.`, meta: { time: elapsedSeconds(request) } };
    },
  );
}

