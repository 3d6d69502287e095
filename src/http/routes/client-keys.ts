/**
 * POST /v0/client-key (secret key only): mints a key that acts for one user, for a browser or phone.
 * What a client key may call is the `secret_or_client_key` routes of the route table (../client-key-access.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Config } from '../../config.ts';
import { createClientKey } from '../../services/client-keys.ts';
import { coerceBookUserId } from '../../services/validate.ts';
import type { Storage } from '../../storage/types.ts';
import { arrivedAt, elapsedSeconds } from '../error-handler.ts';
import { bodyFieldWarnings } from '../../services/upload-warnings.ts';
import { UserId, Warning } from '../schemas.ts';
import type { RouteSpec } from './table.ts';

export const ClientKeyBody = Type.Object({
  user_id: UserId,
  ttl_seconds: Type.Optional(
    Type.Integer({
      minimum: 60,
      maximum: 30 * 86_400,
      description: "The key's lifetime in seconds (60 to 30 days); KITH_CLIENT_KEY_TTL_SECONDS when not given",
    }),
  ),
});
export type ClientKeyBody = Static<typeof ClientKeyBody>;

export const ClientKeyResponse = Type.Object({
  client_key: Type.String({ description: 'Shown once. Send it as "Authorization: Bearer <client_key>" from the browser or phone.' }),
  user_id: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
  meta: Type.Object({
    app_name: Type.String(),
    env: Type.String(),
    time: Type.Number(),
    warnings: Type.Optional(Type.Array(Warning, { description: 'Fields of the body this endpoint does not read (ignored), with a did-you-mean' })),
  }),
});

/** POST /v0/client-key, as an entry of the route table (GET /v0/address-book lives with the address-book routes). */
export function clientKeyRoutes(deps: { storage: Storage; config: Config }): RouteSpec[] {
  const { storage, config } = deps;
  return [
    {
      method: 'POST',
      url: '/v0/client-key',
      auth: 'secret_key',
      schema: {
        summary: 'Mint a client key for one user (secret key only)',
        description:
          "The key acts only for user_id: it reads and writes that user's address book, records suggestions seen and invites sent for them, and calls /v0/test. Everything else answers 403. It expires after ttl_seconds when given (60 s to 30 days), else KITH_CLIENT_KEY_TTL_SECONDS, and can be revoked (kith client-keys revoke).",
        tags: ['client keys'],
        body: ClientKeyBody,
        response: { 200: ClientKeyResponse },
      },
      example: { body: { user_id: '42' } },
      sample: { path: '/v0/client-key', body: { user_id: 'owner' } },
      handler: async (request) => {
        const userId = coerceBookUserId((request.body as ClientKeyBody).user_id, 'user_id');
        const { key, expiresAt } = await createClientKey(storage, {
          appId: request.auth.appId,
          env: request.auth.env,
          userId,
          // A lifetime asked for (a probe's `ttl: 60` got an hour, named only as an unknown field).
          ttlSeconds: (request.body as ClientKeyBody).ttl_seconds ?? config.clientKeyTtlSeconds,
          now: Date.now(),
          arrivedAt: arrivedAt(request),
        });
        const warnings = bodyFieldWarnings(request.body, Object.keys(ClientKeyBody.properties));
        return {
          client_key: key,
          user_id: userId,
          expires_at: new Date(expiresAt).toISOString(),
          meta: { app_name: request.auth.appName, env: request.auth.env, time: elapsedSeconds(request), ...(warnings.length > 0 ? { warnings } : {}) },
        };
      },
    },
  ];
}
