/**
 * `kith client-keys` and `kith apps cors` (issue #14): mint and revoke client keys, and set which browser
 * origins may use an app's client keys.
 */
import type { Env, Storage } from '../storage/types.ts';
import { parseCommandArgs, UsageError } from './usage.ts';

type WithStorage = <T>(fn: (s: Storage) => Promise<T>) => Promise<T>;

export const CLIENT_KEYS_HELP = `kith client-keys: client keys (keys a browser or phone holds for one user; see docs/client-keys.md)

  kith client-keys create --app NAME --user ID [--env test|live] [--ttl SECONDS]
                          mint a client key for one user (what POST /v0/client-key does); printed on the last line
  kith client-keys revoke --app NAME [--env test|live] [--user ID]
                          revoke every live client key of the app (of one environment, of one user)

Example: npx kith client-keys revoke --app my-app`;

export const APPS_HELP = `kith apps: app settings

  kith apps cors --app NAME                           list the browser origins allowed to use the app's client keys
  kith apps cors --app NAME --allow ORIGIN [--allow ORIGIN ...] [--remove ORIGIN ...]

Origins are scheme://host[:port], e.g. https://app.example.com. A client-key request from any other
browser origin is refused (403, no CORS headers). Requests without an Origin header (servers, phone apps)
and from this server's own pages are not affected. Takes effect at once on every server.

Example: npx kith apps cors --app my-app --allow https://app.example.com`;

async function appIdOf(s: Storage, name: string | undefined): Promise<string> {
  if (!name) throw new UsageError('--app NAME is required');
  const app = await s.findAppByName(name);
  // Not bad usage: the app is not in this database (a typo, or another DATABASE_URL).
  if (!app) throw new Error(`no app named "${name}"`);
  return app.id;
}

function envOf(v: string | undefined): Env | undefined {
  if (v === undefined) return undefined;
  if (v !== 'test' && v !== 'live') throw new UsageError('--env must be test or live');
  return v;
}

export async function clientKeysCommand(args: string[], withStorage: WithStorage): Promise<void> {
  const [sub, ...rest] = args;
  const { values } = parseCommandArgs(
    'client-keys',
    sub === '--help' || sub === '-h' ? [] : rest,
    { app: { type: 'string' }, env: { type: 'string' }, user: { type: 'string' }, ttl: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    false,
  );
  if (values.help || !sub || sub === '--help' || sub === '-h') {
    console.log(CLIENT_KEYS_HELP);
    if (!sub && !values.help) throw new UsageError('client-keys needs a sub-command');
    return;
  }
  const env = envOf(values.env);
  if (sub === 'create') {
    const user = values.user?.trim();
    if (!user) throw new UsageError('client-keys create needs --user ID');
    const { loadConfig } = await import('../config.ts');
    const ttl = values.ttl === undefined ? loadConfig(process.env).clientKeyTtlSeconds : Number(values.ttl);
    if (!Number.isInteger(ttl) || ttl < 60 || ttl > 30 * 86_400) throw new UsageError('--ttl must be an integer from 60 to 2592000 seconds');
    const { createClientKey } = await import('../services/client-keys.ts');
    const created = await withStorage(async (s) =>
      createClientKey(s, { appId: await appIdOf(s, values.app), env: env ?? 'test', userId: user, ttlSeconds: ttl, now: Date.now() }),
    );
    console.log(`Created a client key for user "${user}" of app "${values.app}", valid until ${new Date(created.expiresAt).toISOString()}:`);
    console.log(created.key);
    return;
  }
  if (sub === 'revoke') {
    const n = await withStorage(async (s) => s.revokeClientKeys(await appIdOf(s, values.app), Date.now(), { env, userId: values.user?.trim() || undefined }));
    console.log(`revoked ${n} client key${n === 1 ? '' : 's'}`);
    return;
  }
  throw new UsageError(`unknown client-keys sub-command "${sub}"`);
}

export async function appsCommand(args: string[], withStorage: WithStorage): Promise<void> {
  const [sub, ...rest] = args;
  const { values } = parseCommandArgs(
    'apps',
    sub === '--help' || sub === '-h' ? [] : rest,
    {
      app: { type: 'string' },
      allow: { type: 'string', multiple: true },
      remove: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
    false,
  );
  if (values.help || !sub || sub === '--help' || sub === '-h') {
    console.log(APPS_HELP);
    if (!sub && !values.help) throw new UsageError('apps needs a sub-command');
    return;
  }
  if (sub !== 'cors') throw new UsageError(`unknown apps sub-command "${sub}"`);
  const { normalizeOrigin } = await import('../services/client-keys.ts');
  const parse = (o: string) => {
    try {
      return normalizeOrigin(o);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  };
  const allow = (values.allow ?? []).map(parse);
  const remove = (values.remove ?? []).map(parse);
  await withStorage(async (s) => {
    const appId = await appIdOf(s, values.app);
    for (const o of allow) await s.addAppOrigin(appId, o);
    for (const o of remove) if (!(await s.removeAppOrigin(appId, o))) console.error(`kith: ${o} was not allowed`);
    const now = await s.listAppOrigins(appId);
    console.log(now.length ? now.join('\n') : "no origin allowed (client keys work from servers, phone apps and this server's own pages only)");
  });
}
