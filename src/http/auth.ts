/**
 * Auth is structural: one hook, attached by app.ts to every route of the route table whose auth kind
 * is `secret_key` (see routes/table.ts). Handlers never check keys; they read request.auth.
 */
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { verifyApiKey } from '../services/keys.ts';
import { tenantOf, type Env, type Storage, type Tenant } from '../storage/types.ts';
import { ApiError } from './errors.ts';

export interface AuthContext {
  appId: string;
  appName: string;
  env: Env;
  tenant: Tenant;
  keyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The onRequest hook that authenticates an app's secret API key and sets request.auth (401 otherwise).
 * request.auth must be declared on the app (`decorateRequest('auth', null)`) once.
 */
export function authHook(storage: Storage): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
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
    };
  };
}

/** Declares request.auth on `scope` and authenticates every request of it (a scope of its own). */
export function installAuth(scope: FastifyInstance, storage: Storage): void {
  scope.decorateRequest('auth', null as unknown as AuthContext);
  scope.addHook('onRequest', authHook(storage));
}
