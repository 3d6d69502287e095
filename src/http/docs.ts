/**
 * The interactive API reference at /docs, and an example for every request in the OpenAPI document.
 *
 * The renderer is Swagger UI (swagger-ui-dist, via @fastify/swagger-ui): every script, stylesheet and
 * image comes from node_modules and is served by this process, the online validator badge is off, and a
 * Content-Security-Policy limited to 'self' makes the browser refuse anything else, so opening the page
 * never makes a request leave the machine.
 *
 * Examples are attached by an onRoute hook rather than in each route file, so the route schemas stay as
 * they are for validation: `examples` is an annotation keyword that ajv ignores, and only copies of the
 * schemas are changed (the same schema object is shared by the /v0 and unprefixed invite routes).
 */
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { EXAMPLE_UPLOAD } from './routes/examples.ts';

/** Example inputs of one operation: a body, and one value per query or path parameter. */
export interface RequestExample {
  body?: unknown;
  query?: Record<string, string>;
  params?: Record<string, string>;
}

const INVITES_SENT = {
  entries: [
    { user_id: 42, email: 'ana@example.org', invitee_name: 'Ana Silva', sent_at: '2026-11-01T10:00:00+01:00' },
    { user_id: 42, phone: '+14155550123' },
  ],
};
const INVITES_ACCEPTED = { entries: [{ email: 'ana@example.org', new_user_id: 77, name: 'Ana Silva', accepted_at: 1793520000, user_id: 42 }] };

const RANK_QUERY = {
  filter_suggested_seen: '1',
  filter_existing_users: '0',
  filter_invites_sent: '1',
  promote_existing_users: '0',
  promote_matching_domain: 'example.com',
  filter_blank_names: '1',
  limit: '10',
  explain: '1',
  include_left_out: '1',
};

/** Request examples by `METHOD path` as Fastify registers them. Synthetic people only. */
export const REQUEST_EXAMPLES: Record<string, RequestExample> = {
  'POST /v0/address-book': { body: EXAMPLE_UPLOAD },
  'GET /v0/address-book/:user_id': { params: { user_id: '42' }, query: RANK_QUERY },
  'DELETE /v0/address-book/:user_id': { params: { user_id: '42' } },
  'POST /v0/invites-sent': { body: INVITES_SENT },
  'POST /invites-sent': { body: INVITES_SENT },
  'POST /v0/invites-accepted': { body: INVITES_ACCEPTED },
  'POST /invites-accepted': { body: INVITES_ACCEPTED },
  'POST /v0/users': {
    body: {
      entries: [
        { id: 77, name: 'Ana Silva', email: 'ana@example.org' },
        { username: 'bob', emails: ['bob@example.net'], phones: ['+442071838750'] },
      ],
    },
  },
  'POST /v0/suggested-seen': {
    body: { entries: [{ user_id: 42, name: 'Ana Silva', emails: ['ana@example.org'], seen_at: '2026-11-02T08:00:00Z' }] },
  },
  // Issue #14: client keys, alias, directory listings, the widget's file upload.
  'POST /v0/client-key': { body: { user_id: '42' } },
  'GET /v0/address-book': { query: RANK_QUERY },
  'POST /v0/alias': { body: { emails: ['ana@example.org', 'ana.silva@work.example'] } },
  'GET /v0/domain-emails/:domain': { params: { domain: 'example.org' }, query: { page: '1', batch_size: '100' } },
  'GET /v0/address-books': { query: { page: '1', batch_size: '100' } },
  'POST /v0/address-book-file': { query: { user_id: '42', format: 'vcard' } },
};

type Schema = Record<string | symbol, unknown> & { properties?: Record<string, Record<string, unknown>> };

/** A copy of an object schema whose properties named in `values` carry an example. */
function withPropertyExamples(schema: Schema, values: Record<string, string>): Schema {
  if (!schema.properties) return schema;
  const properties: Record<string, Record<string, unknown>> = {};
  for (const [name, prop] of Object.entries(schema.properties)) {
    properties[name] = name in values && !('examples' in prop) ? { ...prop, examples: [values[name]] } : prop;
  }
  return { ...schema, properties };
}

/** Adds the examples of REQUEST_EXAMPLES to a route's schema (copies; never mutates shared schemas). */
export function addRequestExamples(route: RouteOptions): void {
  const schema = route.schema as (Record<string, unknown> & { hide?: boolean }) | undefined;
  if (!schema || schema.hide) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    const example = REQUEST_EXAMPLES[`${method} ${route.url.replace(/\/$/, '')}`];
    if (!example) continue;
    if (example.body !== undefined && schema.body && !('examples' in (schema.body as object))) {
      schema.body = { ...(schema.body as Schema), examples: [example.body] };
    }
    if (example.query && schema.querystring) schema.querystring = withPropertyExamples(schema.querystring as Schema, example.query);
    if (example.params && schema.params) schema.params = withPropertyExamples(schema.params as Schema, example.params);
  }
}

/**
 * The CSP of the /docs pages: Swagger UI's own script hashes kept, but every `https:` source, the
 * validator host and upgrade-insecure-requests removed, and connections limited to this server.
 */
export function localOnlyCsp(header: string): string {
  const directives = header
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && d !== 'upgrade-insecure-requests')
    .map((d) =>
      d
        .split(/\s+/)
        .filter((token) => token !== 'https:' && token !== 'validator.swagger.io')
        .join(' '),
    );
  if (!directives.some((d) => d.startsWith('connect-src'))) directives.push("connect-src 'self'");
  // Swagger UI inserts <style> elements at run time, whose hashes are not known in advance; a hash in
  // the list would make browsers ignore 'unsafe-inline', so the directive is replaced whole. Styles can
  // still come from this server only.
  return directives.map((d) => (d.startsWith('style-src') ? "style-src 'self' 'unsafe-inline'" : d)).join('; ');
}

/**
 * Registers /docs (Swagger UI, fully local) and the example hook. Must be registered before the API
 * routes so the hook sees them; fastify-plugin makes the hook apply app-wide.
 */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', addRequestExamples);
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      transformStaticCSP: localOnlyCsp,
      // "Try it out" calls the server the page was loaded from, whatever KITH_PUBLIC_URL says.
      transformSpecification: (spec) => ({ ...spec, servers: [{ url: '/', description: 'this server' }, ...((spec.servers as unknown[]) ?? [])] }),
      uiConfig: { deepLinking: true, docExpansion: 'list', displayRequestDuration: true, tryItOutEnabled: false },
      theme: { title: 'Kith API reference' },
    });
  },
  { name: 'kith-docs', dependencies: ['@fastify/swagger'] },
);
