/**
 * POST /v0/client-key (secret key only): mints a key that acts for one user, for a browser or phone.
 * GET /v0/address-book (client key only): the key's own user's book, cleaned, merged and ranked.
 * What a client key may call is listed in ../client-key-access.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { OptionError, parseRankOptions } from '../../domain/options.ts';
import type { AddressBookService } from '../../services/address-book.ts';
import { createClientKey } from '../../services/client-keys.ts';
import type { Storage } from '../../storage/types.ts';
import { invalid } from '../errors.ts';
import { elapsedSeconds } from '../error-handler.ts';
import { UserId, type Schemas } from '../schemas.ts';
import { coerceUserId } from '../validate.ts';
import { getAnswer } from './address-book.ts';

export const ClientKeyBody = Type.Object({ user_id: UserId });
export type ClientKeyBody = Static<typeof ClientKeyBody>;

export const ClientKeyResponse = Type.Object({
  client_key: Type.String({ description: 'Shown once. Send it as "Authorization: Bearer <client_key>" from the browser or phone.' }),
  user_id: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
  meta: Type.Object({ app_name: Type.String(), env: Type.String(), time: Type.Number() }),
});

export function clientKeyRoutes(
  app: FastifyInstance,
  deps: { storage: Storage; service: AddressBookService; schemas: Schemas; config: Config },
): void {
  const { storage, service, schemas: S, config } = deps;
  const docs = `${config.publicUrl}/docs`;

  app.post<{ Body: ClientKeyBody }>(
    '/client-key',
    {
      schema: {
        summary: 'Mint a client key for one user (secret key only)',
        description:
          'The key acts only for user_id: it reads and writes that user\'s address book, records suggestions seen and invites sent for them, and calls /v0/test. Everything else answers 403. It expires after KITH_CLIENT_KEY_TTL_SECONDS and can be revoked (kith client-keys revoke).',
        tags: ['client keys'],
        body: ClientKeyBody,
        response: { 200: ClientKeyResponse },
      },
    },
    async (request) => {
      const userId = coerceUserId(request.body.user_id, 'user_id');
      const { key, expiresAt } = await createClientKey(storage, {
        appId: request.auth.appId,
        env: request.auth.env,
        userId,
        ttlSeconds: config.clientKeyTtlSeconds,
        now: Date.now(),
      });
      return {
        client_key: key,
        user_id: userId,
        expires_at: new Date(expiresAt).toISOString(),
        meta: { app_name: request.auth.appName, env: request.auth.env, time: elapsedSeconds(request) },
      };
    },
  );

  app.get(
    '/address-book',
    {
      schema: {
        summary: "Read the client key's own user's book (client key only)",
        description: 'The same answer as GET /v0/address-book/{user_id}, for the user the client key acts for. With the secret key, name the user in the path.',
        tags: ['client keys'],
        querystring: S.RankQuery,
        response: { 200: S.BookResponse },
      },
    },
    async (request) => {
      const userId = request.auth.clientUserId;
      if (userId === null) throw invalid('user_id', 'is required in the path (GET /v0/address-book/{user_id}); only a client key may leave it out');
      let opts;
      try {
        opts = parseRankOptions(request.query as Record<string, unknown>);
      } catch (e) {
        if (e instanceof OptionError) throw invalid(e.field, e.problem);
        throw e;
      }
      const view = await service.ranked(request.auth.tenant, userId, opts);
      return getAnswer(view, userId, docs, { tenant: request.auth.tenant, appName: request.auth.appName, elapsed: () => elapsedSeconds(request) });
    },
  );
}
