/**
 * API keys: random, prefixed by environment, stored only as a sha256 hash, shown once.
 * A key looks like `kith_live_<32 base62 chars>`; its first 14 characters are kept as a display prefix.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Env, KeyRecord, Storage } from '../storage/types.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 32 base62 characters ≈ 190 bits of entropy. */
const SECRET_LENGTH = 32;
/** Characters of the key kept in clear for listings: `kith_live_` plus 4 of the secret. */
const DISPLAY_PREFIX_LENGTH = 14;

/** `n` random base62 characters (also used for client keys). */
export function base62(n: number): string {
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
  let out = '';
  while (out.length < n) {
    for (const b of randomBytes(n * 2)) {
      if (b < 248 && out.length < n) out += BASE62[b % 62];
    }
  }
  return out;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Shape check before any lookup: the hash compare is the real check. */
export function looksLikeKey(key: string): boolean {
  return /^kith_(live|test)_[0-9A-Za-z]{32}$/.test(key);
}

/** Creates the app if needed and a new key for it; the key itself is returned once and never stored. */
export async function createApiKey(storage: Storage, opts: { app: string; env: Env }): Promise<{ key: string; appId: string; keyId: string; prefix: string }> {
  const name = opts.app.trim();
  if (!name) throw new Error('app name must not be empty');
  const app = (await storage.findAppByName(name)) ?? (await storage.createApp(name));
  const key = `kith_${opts.env}_${base62(SECRET_LENGTH)}`;
  const keyId = `key_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const prefix = key.slice(0, DISPLAY_PREFIX_LENGTH);
  await storage.insertKey({ id: keyId, appId: app.id, env: opts.env, prefix, hash: hashKey(key), createdAt: Date.now() });
  return { key, appId: app.id, keyId, prefix };
}

/** Resolves a presented key to its record; null when unknown, malformed or revoked. */
export async function verifyApiKey(storage: Storage, key: string): Promise<KeyRecord | null> {
  if (!looksLikeKey(key)) return null;
  // The lookup is by sha256 of the presented key: an index lookup on a hash reveals nothing usable
  // through timing, since an attacker cannot choose hash prefixes. No plaintext comparison happens.
  return storage.findKeyByHash(hashKey(key));
}

/**
 * Revokes the key named by `target`: the key itself (matched by its hash), its display prefix (as
 * `keys list` shows it, with or without the trailing ellipsis) or its id. Returns how many active keys
 * were revoked (0: none matched).
 */
export async function revokeApiKey(storage: Storage, target: string, at = Date.now()): Promise<number> {
  const given = target.trim().replace(/…$/, '');
  if (looksLikeKey(given)) {
    const record = await storage.findKeyByHash(hashKey(given));
    return record ? storage.revokeKey(record.id, at) : 0;
  }
  return storage.revokeKey(given, at);
}
