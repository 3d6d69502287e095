/**
 * A runnable example of the typed client: check the key, upload a small address book, read it back
 * ranked with explanations, record an invite, and delete the book again.
 *
 *   KITH_URL=http://localhost:8080 KITH_API_KEY=kith_test_... npx tsx examples/client-example.ts
 *
 * Get a key with `npx kith keys create --app example`. Exits non-zero with the API's message on failure.
 */
import { KithApiError, KithClient, KithNetworkError, type Entry } from '../client/index.ts';

const baseUrl = process.env.KITH_URL ?? 'http://localhost:8080';
const apiKey = process.env.KITH_API_KEY;
if (!apiKey) {
  console.error('Set KITH_API_KEY (create one with: npx kith keys create --app example)');
  process.exit(2);
}

const kith = new KithClient({ baseUrl, apiKey });
// A fresh user per run, so running the example twice shows the same result.
const userId = `example-${Date.now()}`;

const entries: Entry[] = [
  { name: 'Zoë Müller', emails: ['Zoe.Mueller@example.com'], phones: ['+1 415 555 0123'], times_contacted: 12, is_favorite: 1 },
  { name: 'Ana Silva', email: 'ana@example.org', last_message_sent_date: '2026-10-01T09:30:00Z' },
  { name: 'Zoe Mueller', email: 'zoe.mueller@example.com' },
  { name: 'Shop', email: 'no-reply@shop.example' },
];

try {
  const who = await kith.test();
  console.log(`key ok: app ${who.meta.app_name} (${who.meta.env})`);

  const upload = await kith.uploadAddressBook({ user_id: userId, source: { type: 'gmail', email: 'owner@example.com' }, entries });
  console.log(`uploaded ${entries.length} entries as batch ${upload.batch_id}; ${upload.data?.length ?? 0} contacts after cleaning and merging`);

  const book = await kith.getAddressBook(userId, { explain: 1, limit: 10 });
  for (const c of book.data) {
    const why = Object.entries(c.explain ?? {})
      .map(([k, v]) => `${k}=${v.toFixed(2)}`)
      .join(' ');
    console.log(`${c.rank}. ${c.name ?? '(no name)'} <${c.email ?? c.phone}> score ${c.score.toFixed(3)} ${why}`);
  }

  await kith.recordInvitesSent([{ user_id: userId, email: 'ana@example.org' }]);
  const filtered = await kith.getAddressBook(userId, { filter_invites_sent: true });
  console.log(`after inviting Ana, filter_invites_sent leaves ${filtered.data.length} contacts`);

  const gone = await kith.deleteAddressBook(userId);
  console.log(gone.message);
} catch (e) {
  if (e instanceof KithApiError) console.error(`Kith answered ${e.status} ${e.code}: ${e.message} (request ${e.requestId})`);
  else if (e instanceof KithNetworkError) console.error(e.message);
  else console.error(e);
  process.exit(1);
}
