/**
 * Client keys: a key the app's server mints for one signed-in user, which a browser or phone then uses
 * to call the API directly for that user only, never holding the app's secret key.
 *
 * Stored as API keys are (sha256 of a random key, shown once), not signed: revoking one key, one user's
 * keys or all of an app's keys is one UPDATE that takes effect on the next request on every server, and
 * there is no per-app signing secret to keep, rotate or leak. The price is one indexed lookup per request,
 * the same as for API keys.
 */
import { randomUUID } from 'node:crypto';
import type { ClientKeyRecord, Env, Storage } from '../storage/types.ts';
import { base62, hashKey } from './keys.ts';

/** 40 base62 characters ≈ 238 bits. */
const SECRET_LENGTH = 40;
const CLIENT_KEY = /^kith_ck_(live|test)_[0-9A-Za-z]{40}$/;

/** Shape check before any lookup (an API key never has this shape). */
export function looksLikeClientKey(key: string): boolean {
  return CLIENT_KEY.test(key);
}

/** Mints a client key for `userId` of the app and environment; the key is returned once, never stored. */
export async function createClientKey(
  storage: Storage,
  opts: { appId: string; env: Env; userId: string; ttlSeconds: number; now: number; arrivedAt?: number },
): Promise<{ key: string; expiresAt: number }> {
  const key = `kith_ck_${opts.env}_${base62(SECRET_LENGTH)}`;
  const expiresAt = opts.now + opts.ttlSeconds * 1000;
  await storage.insertClientKey({
    id: `ck_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
    appId: opts.appId,
    env: opts.env,
    userId: opts.userId,
    hash: hashKey(key),
    createdAt: opts.now,
    expiresAt,
    arrivedAt: opts.arrivedAt,
  });
  return { key, expiresAt };
}

/** The record of a presented client key; null when malformed, unknown, revoked or expired. */
export async function verifyClientKey(storage: Storage, key: string, now: number): Promise<ClientKeyRecord | null> {
  if (!looksLikeClientKey(key)) return null;
  return storage.findClientKeyByHash(hashKey(key), now);
}

/**
 * A browser origin as compared with the Origin header: scheme://host[:port], lower-case, no path, the
 * default port dropped. Throws a message naming what is wrong.
 */
export function normalizeOrigin(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    throw new Error(`"${raw}" is not an origin such as https://app.example.com`);
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error(`"${raw}": an origin is http:// or https://`);
  if ((u.pathname !== '/' && u.pathname !== '') || u.search || u.hash || u.username || u.password) {
    throw new Error(`"${raw}": an origin has no path, query, fragment or credentials (e.g. https://app.example.com)`);
  }
  return u.origin;
}
