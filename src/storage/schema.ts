/**
 * Row types of the database, as Kysely sees them. They never leave src/storage: the storage class
 * maps them to the domain records of ./types.ts. Times are epoch milliseconds (bigint on Postgres,
 * read back as numbers by the pg type parser set in ./postgres.ts). JSON columns hold JSON text.
 */
import type { Generated } from 'kysely';

export interface AppsTable {
  id: string;
  name: string;
  created_at: number;
}

export interface ApiKeysTable {
  id: string;
  app_id: string;
  env: string;
  prefix: string;
  /** sha256 hex of the key; the key itself is never stored. */
  hash: string;
  created_at: number;
  revoked_at: number | null;
}

export interface UploadsTable {
  tenant: string;
  /** Monotonic insertion order: books are read back in this order (created_at may tie). */
  seq: Generated<number>;
  batch_id: string;
  user_id: string;
  created_at: number;
  source_key: string;
  source: string;
  raw: string;
  normalized: string;
  entry_count: number;
  owner_keys: string;
}

export interface ContactKeysTable {
  tenant: string;
  key: string;
  user_id: string;
  times: number;
  last_sent: number | null;
  last_received: number | null;
}

export interface OwnerKeysTable {
  tenant: string;
  key: string;
  user_id: string;
}

export interface AppUsersTable {
  tenant: string;
  key: string;
  app_user_id: string;
  name: string | null;
}

export interface InvitesSentTable {
  tenant: string;
  /** Groups the keys of one invite (an e-mail and a phone of the same person are one invite). */
  invite_id: string;
  user_id: string;
  key: string;
  invitee_name: string | null;
  sent_at: number;
}

export interface InvitesAcceptedTable {
  tenant: string;
  accept_id: string;
  key: string;
  user_id: string | null;
  new_user_id: string | null;
  name: string | null;
  accepted_at: number;
}

export interface SuggestedSeenTable {
  tenant: string;
  user_id: string;
  key: string;
  seen_at: number;
}

export interface WeightsTable {
  tenant: string;
  weights: string;
  samples: number;
  trained_at: number;
}

/** One upload whose key index is not written yet (see migrations/0002-index-queue.ts). */
export interface IndexQueueTable {
  tenant: string;
  user_id: string;
  seq: number;
  stats: string;
  owner_keys: string;
  enqueued_at: number;
}

// Issue #14: client keys, aliases, allowed origins (migration 0003-client-keys).
export interface ClientKeysTable {
  id: string;
  app_id: string;
  env: string;
  user_id: string;
  /** sha256 hex of the client key; the key itself is never stored. */
  hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface AliasesTable {
  tenant: string;
  /** 'e:' + the normalised e-mail key. */
  key: string;
  alias_id: string;
  created_at: number;
}

export interface AppOriginsTable {
  app_id: string;
  /** A browser origin (scheme://host[:port]) allowed to use the app's client keys. */
  origin: string;
}

/**
 * A deletion tombstone (migration 0005): the user's book was deleted at `deleted_at` (the deleting
 * server's clock, epoch ms). An upload that arrived at or before it is refused instead of stored after
 * the DELETE (KyselyStorage.writeEncodedUpload). Purged after TOMBSTONE_KEEP_MS: it names a user id.
 */
export interface DeletionsTable {
  tenant: string;
  user_id: string;
  deleted_at: number;
}

/** An app user forgotten (migration 0007, DELETE /v0/users/:user_id): as DeletionsTable, for POST /v0/users. */
export interface AppUserDeletionsTable {
  tenant: string;
  user_id: string;
  deleted_at: number;
}

export interface Database {
  apps: AppsTable;
  api_keys: ApiKeysTable;
  uploads: UploadsTable;
  contact_keys: ContactKeysTable;
  owner_keys: OwnerKeysTable;
  app_users: AppUsersTable;
  invites_sent: InvitesSentTable;
  invites_accepted: InvitesAcceptedTable;
  suggested_seen: SuggestedSeenTable;
  weights: WeightsTable;
  index_queue: IndexQueueTable;
  client_keys: ClientKeysTable;
  aliases: AliasesTable;
  app_origins: AppOriginsTable;
  deletions: DeletionsTable;
  app_user_deletions: AppUserDeletionsTable;
}

/** Every table, in creation order (drop in reverse). Tests scan these to prove a delete is complete. */
export const TABLES = [
  'apps',
  'api_keys',
  'uploads',
  'contact_keys',
  'owner_keys',
  'app_users',
  'invites_sent',
  'invites_accepted',
  'suggested_seen',
  'weights',
  'index_queue',
  'client_keys',
  'aliases',
  'app_origins',
] as const satisfies readonly (keyof Database)[];
