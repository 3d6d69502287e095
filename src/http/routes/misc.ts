/** GET /v0/test (the authorisation check). Health probes live in app.ts (no auth). */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

export function miscRoutes(app: FastifyInstance, deps: { config: Config }) {
  const docs = `${deps.config.publicUrl}/docs`;
  app.get('/test', { schema: { summary: 'Check that the API key is valid', tags: ['auth'] } }, async (request) => ({
    message: 'You have successfully made an authorized request.',
    meta: {
      app_name: request.auth.appName,
      docs,
      env: request.auth.env,
      help: 'Send Authorization: Bearer <API_KEY> on every request. See meta.docs.',
      user_id: request.auth.clientUserId ?? null, // a client key's user
    },
  }));
}
