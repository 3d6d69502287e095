/**
 * GET /v0/domain-emails/:domain and GET /v0/address-books (secret key only): app-wide listings, paged
 * with `page` (from 1) and `batch_size` (1 to 1000, default 100).
 */
import { Type } from '@sinclair/typebox';
import { MAX_BATCH_SIZE, parseDomain, parsePaging, type DirectoryService } from '../../services/directory.ts';
import { elapsedSeconds } from '../error-handler.ts';
import { asInvalid } from './alias.ts';
import type { RouteSpec } from './table.ts';

const PageQuery = Type.Object({
  page: Type.Optional(Type.String({ maxLength: 12, description: 'Page number, from 1 (default 1)' })),
  batch_size: Type.Optional(Type.String({ maxLength: 12, description: `Rows per page, 1 to ${MAX_BATCH_SIZE} (default 100)` })),
});

const PageMeta = {
  page: Type.Integer(),
  batch_size: Type.Integer(),
  total_count: Type.Integer({ description: 'Rows on all pages' }),
  time: Type.Number(),
};

export const DomainEmailsResponse = Type.Object({
  data: Type.Array(
    Type.Object({
      email: Type.String({ description: 'The address as matched (normalised)' }),
      name: Type.Union([Type.String(), Type.Null()], { description: 'A name the app gave for it (users, invites), when known' }),
      books: Type.Integer({ description: 'Address books of the app that hold it' }),
    }),
  ),
  meta: Type.Object({ domain: Type.String(), ...PageMeta }),
});

export const AddressBooksResponse = Type.Object({
  data: Type.Array(
    Type.Object({
      user_id: Type.String(),
      entries: Type.Integer({ description: 'Entries stored, all uploads together (before merging)' }),
      last_upload: Type.String({ format: 'date-time' }),
    }),
  ),
  meta: Type.Object(PageMeta),
});

type PageQuery = { page?: string; batch_size?: string };

/** GET /v0/domain-emails/:domain and GET /v0/address-books, as entries of the route table. */
export function directoryRoutes(deps: { directory: DirectoryService }): RouteSpec[] {
  const { directory } = deps;
  return [
    {
      method: 'GET',
      url: '/v0/domain-emails/:domain',
      auth: 'secret_key',
      schema: {
        summary: "People at a domain across the app's address books",
        description: 'Each address at the domain held by any book of the app, with a name when the app gave one, most widely known first.',
        tags: ['directory'],
        params: Type.Object({ domain: Type.String({ minLength: 1, maxLength: 253 }) }),
        querystring: PageQuery,
        response: { 200: DomainEmailsResponse },
      },
      example: { params: { domain: 'example.org' }, query: { page: '1', batch_size: '100' } },
      sample: { path: '/v0/domain-emails/example.com' },
      handler: async (request) => {
        const params = request.params as { domain: string };
        const query = request.query as PageQuery;
        let domain: string;
        let paging: ReturnType<typeof parsePaging>;
        try {
          domain = parseDomain(params.domain);
          paging = parsePaging(query.page, query.batch_size);
        } catch (e) {
          asInvalid(e);
        }
        const page = await directory.domainEmails(request.auth.tenant, domain, paging.offset, paging.batchSize);
        return {
          data: page.rows,
          meta: { domain, page: paging.page, batch_size: paging.batchSize, total_count: page.total, time: elapsedSeconds(request) },
        };
      },
    },
    {
      method: 'GET',
      url: '/v0/address-books',
      auth: 'secret_key',
      schema: {
        summary: 'Users with a stored address book',
        tags: ['directory'],
        querystring: PageQuery,
        response: { 200: AddressBooksResponse },
      },
      example: { query: { page: '1', batch_size: '100' } },
      sample: { path: '/v0/address-books' },
      handler: async (request) => {
        const query = request.query as PageQuery;
        let paging: ReturnType<typeof parsePaging>;
        try {
          paging = parsePaging(query.page, query.batch_size);
        } catch (e) {
          asInvalid(e);
        }
        const page = await directory.books(request.auth.tenant, paging.offset, paging.batchSize);
        return {
          data: page.rows.map((r) => ({ user_id: r.userId, entries: r.entries, last_upload: new Date(r.lastUpload).toISOString() })),
          meta: { page: paging.page, batch_size: paging.batchSize, total_count: page.total, time: elapsedSeconds(request) },
        };
      },
    },
  ];
}
