/**
 * Auth is structural: this hook is registered once around every /v0 route (and the unprefixed invite
 * aliases). Handlers never check keys; they read request.auth.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

export function installAuth(scope: FastifyInstance, storage: Storage): void {
  scope.decorateRequest('auth', null as unknown as AuthContext);
  scope.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.method === 'OPTIONS') return; // CORS preflight carries no credentials
    const header = request.headers.authorization;
    if (!header) {
      throw new ApiError('unauthorized', 'Missing API key: send "Authorization: Bearer <API_KEY>".', undefined, {
        'WWW-Authenticate': 'Bearer realm="kith"',
      });
    }
    const m = BEARER.exec(header);
    const record = m ? await verifyApiKey(storage, m[1]) : null;
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
  });
}
