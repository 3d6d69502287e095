/** GET /v0/test (the authorisation check, secret or client key), as an entry of the route table. Health probes live in app.ts (no auth). */
import type { Config } from '../../config.ts';
import type { RouteSpec } from './table.ts';

export function miscRoutes(deps: { config: Config }): RouteSpec[] {
  const docs = `${deps.config.publicUrl}/docs`;
  return [
    {
      method: 'GET',
      url: '/v0/test',
      auth: 'secret_or_client_key',
      schema: { summary: 'Check that the API key is valid', tags: ['auth'] },
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
