/**
 * What a client key may do. A client key acts for one user of one app: it reaches only the routes whose
 * auth kind in the route table (routes/table.ts) is `secret_or_client_key`, and on each only that user's
 * data. Every other route answers 403 to a client key.
 *
 * The user is checked where the request names one: the path (`/address-book/:user_id`), the body's
 * `user_id` (POST /address-book) or each entry's `user_id` and one beside the entries (suggested-seen,
 * invites-sent). A user id
 * left out is filled in with the key's user before validation, so the widget need not repeat it.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';
import { routeOf, type ClientUser } from './routes/table.ts';

type Confine = (request: FastifyRequest, userId: string) => void;

/** Same user id as the key's, compared as the routes read it (numbers are strings, trimmed). */
function sameUser(given: unknown, userId: string): boolean {
  if (typeof given === 'number') return String(given) === userId;
  return typeof given === 'string' && given.trim() === userId;
}

function otherUser(field: string): ApiError {
  return new ApiError('forbidden', `Forbidden: ${field} names another user; a client key acts only for its own user.`, [
    { field, message: "must be the client key's user (or absent)" },
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
  // A `user_id` beside the entries names a user too (a probe: `{"user_id": "victim", "entries": [...]}`
  // was taken and filed under the key's user without a word).
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const top = (body as { user_id?: unknown }).user_id;
    if (top !== undefined && top !== null && !sameUser(top, userId)) throw otherUser('user_id');
  }
  if (!Array.isArray(entries)) return;
  entries.forEach((e, i) => {
    if (e === null || typeof e !== 'object' || Array.isArray(e)) return;
    const entry = e as Record<string, unknown>;
    if (entry.user_id === undefined || entry.user_id === null) entry.user_id = userId;
    else if (!sameUser(entry.user_id, userId)) throw otherUser(`entries[${i}].user_id`);
  });
};

/** How each `clientUser` kind of the route table confines a request to the key's user. */
const CONFINE: Record<ClientUser, Confine> = { own: () => {}, path: pathUser, body: bodyUser, entries: entriesUser };

/**
 * 403 unless a client key may call this route at all: its table entry's auth kind is
 * `secret_or_client_key` (checked on arrival, before the body is read).
 */
export function checkClientKeyRoute(request: FastifyRequest): void {
  if (routeOf(request)?.auth !== 'secret_or_client_key') {
    throw new ApiError(
      'forbidden',
      `Forbidden: a client key cannot call ${request.method} ${request.routeOptions.url ?? 'this endpoint'}; use the app's secret key from your server.`,
    );
  }
}

/**
 * The preValidation hook of the `secret_or_client_key` routes: a client key's request is confined to its
 * user once the body is parsed, before it is validated (403 when it names another user).
 */
export async function confineToClientUser(request: FastifyRequest): Promise<void> {
  const userId = request.auth?.clientUserId;
  if (userId) CONFINE[routeOf(request)?.clientUser ?? 'own'](request, userId);
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
  const o = origin.toLowerCase();
  if (allowed.includes(o)) return true;
  // With the scheme's default port (`https://app.example.com:443`), as a client that writes its own Origin
  // may send it (browsers leave the port out, and the allowed list is kept without it: a probe was refused).
  if (!o.endsWith(':443') && !o.endsWith(':80')) return false;
  try {
    const bare = new URL(o).origin;
    return bare !== o && allowed.includes(bare);
  } catch {
    return false;
  }
}
