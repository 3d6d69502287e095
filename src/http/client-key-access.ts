/**
 * What a client key may do. A client key acts for one user of one app: it reaches only the routes of
 * CLIENT_KEY_ROUTES, and on each only that user's data. Every other route answers 403 to a client key.
 * A route absent from the table accepts the app's secret key only. (One small table, so that it can be
 * folded into a route table that derives auth per route.)
 *
 * The user is checked where the request names one: the path (`/address-book/:user_id`), the body's
 * `user_id` (POST /address-book) or each entry's `user_id` (suggested-seen, invites-sent). A user id
 * left out is filled in with the key's user before validation, so the widget need not repeat it.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

type Confine = (request: FastifyRequest, userId: string) => void;

/** Same user id as the key's, compared as the routes read it (numbers are strings, trimmed). */
function sameUser(given: unknown, userId: string): boolean {
  if (typeof given === 'number') return String(given) === userId;
  return typeof given === 'string' && given.trim() === userId;
}

function otherUser(field: string): ApiError {
  return new ApiError('forbidden', `Forbidden: ${field} names another user; a client key acts only for its own user.`, [
    { field, message: 'must be the client key\'s user (or absent)' },
  ]);
}

/** The path's user id (decoded as the address-book routes decode it) must be the key's user. */
const pathUser: Confine = (request, userId) => {
  const raw = request.url.split('?')[0].replace(/\/+$/, '').split('/').pop() ?? '';
  let id: string;
  try {
    id = decodeURIComponent(raw.replace(/\+/g, ' ')).trim();
  } catch {
    throw otherUser('user_id');
  }
  if (id !== userId) throw otherUser('user_id');
};

/** The body's user_id: absent or null is the key's user; anything else must be it. */
const bodyUser: Confine = (request, userId) => {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return; // validation names the problem
  if (body.user_id === undefined || body.user_id === null) body.user_id = userId;
  else if (!sameUser(body.user_id, userId)) throw otherUser('user_id');
};

/** Each entry's user_id (a bare list or {entries}): absent or null is the key's user. */
const entriesUser: Confine = (request, userId) => {
  const body = request.body as unknown;
  const entries = Array.isArray(body) ? body : body !== null && typeof body === 'object' ? (body as { entries?: unknown }).entries : undefined;
  if (!Array.isArray(entries)) return;
  entries.forEach((e, i) => {
    if (e === null || typeof e !== 'object' || Array.isArray(e)) return;
    const entry = e as Record<string, unknown>;
    if (entry.user_id === undefined || entry.user_id === null) entry.user_id = userId;
    else if (!sameUser(entry.user_id, userId)) throw otherUser(`entries[${i}].user_id`);
  });
};

const anyRequest: Confine = () => {};

/** `METHOD route-url` -> how the request is confined to the key's user. */
export const CLIENT_KEY_ROUTES: ReadonlyMap<string, Confine> = new Map([
  ['POST /v0/address-book', bodyUser],
  ['GET /v0/address-book', anyRequest], // the key's own book (src/http/routes/client-keys.ts)
  ['HEAD /v0/address-book', anyRequest],
  ['GET /v0/address-book/:user_id', pathUser],
  ['HEAD /v0/address-book/:user_id', pathUser],
  ['POST /v0/address-book-file', anyRequest], // the key's own book, from a dropped file (src/http/routes/widget.ts)
  ['POST /v0/suggested-seen', entriesUser],
  ['POST /v0/invites-sent', entriesUser],
  ['POST /invites-sent', entriesUser],
  ['GET /v0/test', anyRequest],
  ['HEAD /v0/test', anyRequest],
]);

function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? ''}`;
}

/** 403 unless a client key may call this route at all (checked on arrival, before the body is read). */
export function checkClientKeyRoute(request: FastifyRequest): void {
  if (!CLIENT_KEY_ROUTES.has(routeOf(request))) {
    throw new ApiError(
      'forbidden',
      `Forbidden: a client key cannot call ${request.method} ${request.routeOptions.url ?? 'this endpoint'}; use the app's secret key from your server.`,
    );
  }
}

/** 403 when the request names another user than the client key's (after the body is parsed). */
export function confineToUser(request: FastifyRequest, userId: string): void {
  CLIENT_KEY_ROUTES.get(routeOf(request))?.(request, userId);
}

/**
 * Whether a browser at `origin` may use the app's client keys: one of the app's allowed origins, or this
 * server's own origin (the demo page). No Origin header (a server, a phone app) is not a browser's
 * cross-origin request, and is allowed.
 */
export function originAllowed(request: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === `${request.protocol}://${request.host}`) return true;
  return allowed.includes(origin.toLowerCase());
}
