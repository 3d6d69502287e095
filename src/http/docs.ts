/**
 * The interactive API reference at /docs, and an example for every request in the OpenAPI document.
 *
 * The renderer is Swagger UI (swagger-ui-dist, via @fastify/swagger-ui): every script, stylesheet and
 * image comes from node_modules and is served by this process, the online validator badge is off, and a
 * Content-Security-Policy limited to 'self' makes the browser refuse anything else, so opening the page
 * never makes a request leave the machine.
 *
 * Examples come from the route table (each entry's `example`) and are attached by an onRoute hook, so
 * the route schemas stay as they are for validation: `examples` is an annotation keyword that ajv
 * ignores, and only copies of the schemas are changed (the /v0 and unprefixed invite routes share one).
 */
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { RouteConfig } from './routes/table.ts';

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

/** Adds the example of the route table's entry to a route's schema (copies; never mutates shared schemas). */
export function addRequestExamples(route: RouteOptions): void {
  const schema = route.schema as (Record<string, unknown> & { hide?: boolean }) | undefined;
  if (!schema || schema.hide) return;
  const example = (route.config as Partial<RouteConfig> | undefined)?.kith?.example;
  if (example) {
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
