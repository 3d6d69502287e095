/** GET /v0/test (the authorisation check, secret or client key), as an entry of the route table. Health probes live in app.ts (no auth). */
import { Type } from '@sinclair/typebox';
import type { Config } from '../../config.ts';
import type { RouteSpec } from './table.ts';

/** The answer of GET /v0/test: every field it sends (the schema serializes it, and the OpenAPI document shows it). */
const TestResponse = Type.Object({
  message: Type.String(),
  meta: Type.Object({
    app_name: Type.String(),
    docs: Type.String({ description: 'Where the API reference is.' }),
    env: Type.Union([Type.Literal('test'), Type.Literal('live')], { description: "The key's environment." }),
    help: Type.String(),
    user_id: Type.Union([Type.String(), Type.Null()], { description: "A client key's user; null for a secret key." }),
  }),
});

export function miscRoutes(deps: { config: Config }): RouteSpec[] {
  const docs = `${deps.config.publicUrl}/docs`;
  return [
    {
      method: 'GET',
      url: '/v0/test',
      auth: 'secret_or_client_key',
      schema: { summary: 'Check that the API key is valid', tags: ['auth'], response: { 200: TestResponse } },
      sample: { path: '/v0/test' },
      handler: async (request) => ({
        message: 'You have successfully made an authorized request.',
        meta: {
          app_name: request.auth.appName,
          docs,
          env: request.auth.env,
          help: 'Send Authorization: Bearer <API_KEY> on every request. See meta.docs.',
          user_id: request.auth.clientUserId ?? null, // a client key's user
        },
      }),
    },
  ];
}
