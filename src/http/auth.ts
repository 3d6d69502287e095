/**
 * Auth is structural: one hook, attached by app.ts to every route of the route table whose auth kind
 * is not `public` (see routes/table.ts). Handlers never check keys; they read request.auth.
 *
 * Two kinds of key: the app's secret key (`kith_live_…`, every keyed route, every user of the app), and
 * a client key (`kith_ck_live_…`, one user, the `secret_or_client_key` routes only: client-key-access.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { verifyClientKey } from '../services/client-keys.ts';
import { verifyApiKey } from '../services/keys.ts';
import { tenantOf, type Env, type Storage, type Tenant } from '../storage/types.ts';
import { checkClientKeyRoute, originAllowed } from './client-key-access.ts';
import { ApiError } from './errors.ts';

export interface AuthContext {
  appId: string;
  appName: string;
  env: Env;
  tenant: Tenant;
  keyId: string;
  /** The user a client key acts for; null for the app's secret key. */
  clientUserId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const CLIENT_KEY_PREFIX = 'kith_ck_';

/**
 * The onRequest hook that authenticates an app's secret API key or a client key and sets request.auth
 * (401 otherwise; 403 for a client key on a route or from an origin it may not use).
 * request.auth must be declared on the app (`decorateRequest('auth', null)`) once.
 */
export function authHook(storage: Storage): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'OPTIONS') return; // CORS preflight carries no credentials
    const header = request.headers.authorization;
    if (!header) {
      throw new ApiError('unauthorized', 'Missing API key: send "Authorization: Bearer <API_KEY>".', undefined, {
        'WWW-Authenticate': 'Bearer realm="kith"',
      });
    }
    const m = BEARER.exec(header);
    if (!m) {
      // A key sent bare, or another scheme (Basic, Token): say how to send it rather than "not valid".
      throw new ApiError('unauthorized', 'The Authorization header must be "Bearer <API_KEY>": use "Authorization: Bearer <key>".', undefined, {
        'WWW-Authenticate': 'Bearer realm="kith", error="invalid_request"',
      });
    }
    if (m[1].startsWith(CLIENT_KEY_PREFIX)) {
      const ck = await verifyClientKey(storage, m[1], Date.now());
      if (!ck) {
        throw new ApiError('unauthorized', 'The client key is not valid (unknown, malformed, expired or revoked).', undefined, {
          'WWW-Authenticate': 'Bearer realm="kith", error="invalid_token"',
        });
      }
      if (!originAllowed(request, request.headers.origin === undefined ? [] : await storage.listAppOrigins(ck.appId))) {
        // No CORS headers for an origin the app did not allow: the browser shows the page nothing.
        reply.removeHeader('access-control-allow-origin');
        reply.removeHeader('access-control-allow-credentials');
        reply.removeHeader('access-control-expose-headers');
        throw new ApiError('forbidden', "Forbidden: this origin is not allowed to use the app's client keys (kith apps cors --app NAME --allow ORIGIN).");
      }
      checkClientKeyRoute(request);
      request.auth = { appId: ck.appId, appName: ck.appName, env: ck.env, tenant: tenantOf(ck.appId, ck.env), keyId: ck.id, clientUserId: ck.userId };
      return;
    }
    const record = await verifyApiKey(storage, m[1]);
    if (!record) {
      throw new ApiError('unauthorized', 'The API key is not valid (unknown, malformed or revoked).', undefined, {
        'WWW-Authenticate': 'Bearer realm="kith", error="invalid_token"',
      });
    }
    request.auth = {
      appId: record.appId,
      appName: record.appName,
      env: record.env,
      tenant: tenantOf(record.appId, record.env),
      keyId: record.id,
      clientUserId: null,
    };
  };
}

/** Declares request.auth on `scope` and authenticates every request of it (a scope of its own). */
export function installAuth(scope: FastifyInstance, storage: Storage): void {
  scope.decorateRequest('auth', null as unknown as AuthContext);
  scope.addHook('onRequest', authHook(storage));
}
