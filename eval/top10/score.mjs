// The messy-books top-10 probe (npm run eval:top10): seeded books of gen.mjs uploaded through the HTTP API, each
// ranked list scored against the books' ground truth. Written by a probe of the twenty-eighth session; kept as
// it was written (JavaScript), run by eval/top10.ts.
import { canonEmail, generateBook, phoneKey } from './gen.mjs';

function indexBook(book) {
  const byEmail = new Map();
  const byPhone = new Map();
  const ent = new Map();
  for (const e of book.entities) {
    ent.set(e.id, e);
    for (const a of e.emails) byEmail.set(canonEmail(a), e.id);
    for (const p of e.phones) {
      const k = phoneKey(p.e164 ?? p);
      if (!byPhone.has(k)) byPhone.set(k, new Set());
      byPhone.get(k).add(e.id);
    }
    if (e.sharedLandline) {
      const k = phoneKey(e.sharedLandline.e164);
      if (!byPhone.has(k)) byPhone.set(k, new Set());
      byPhone.get(k).add(e.id);
    }
  }
  return { byEmail, byPhone, ent };
}

// Which entities a returned row stands for: ids named by unshared keys; ids of shared keys kept apart.
function rowIds(row, ix) {
  const ids = new Set();
  const shared = new Set();
  const emails = row.emails ?? (row.email ? [row.email] : []);
  const phones = row.phones ?? (row.phone ? [row.phone] : []);
  const unknown = [];
  for (const a of emails) {
    const id = ix.byEmail.get(canonEmail(a));
    if (id) ids.add(id);
    else unknown.push(a);
  }
  for (const p of phones) {
    const s = ix.byPhone.get(phoneKey(p));
    if (!s) unknown.push(p);
    else if (s.size === 1) ids.add([...s][0]);
    else for (const x of s) shared.add(x);
  }
  if (ids.size === 0 && shared.size > 0) return { ids: shared, ambiguous: true, unknown };
  return { ids, ambiguous: false, unknown };
}

// Whether all of a person's entries are connected through a real shared channel (same mailbox/number).
function linkable(p) {
  const keysOf = (en) => {
    const ks = [];
    for (const a of en.entry.emails ?? []) ks.push('e:' + canonEmail(a));
    for (const ph of en.entry.phones ?? []) {
      const k = phoneKey(ph);
      if (p.sharedLandline && k === phoneKey(p.sharedLandline.e164)) continue;
      ks.push('p:' + k);
    }
    return ks;
  };
  const n = p.entries.length;
  const parent = [...Array(n).keys()];
  const find = (x) => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  const first = new Map();
  p.entries.forEach((en, i) => {
    for (const k of keysOf(en)) {
      if (first.has(k)) parent[find(i)] = find(first.get(k));
      else first.set(k, i);
    }
  });
  const roots = new Set(p.entries.map((_, i) => find(i)));
  return roots.size <= 1;
}

const describe = (e) => {
  if (!e) return '?';
  if (e.kind === 'junk') return `JUNK(${e.jkind}, replied ${e.replied}) "${e.name}" <${e.emails[0]}>`;
  if (e.kind === 'self') return `SELF <${e.emails[0]}>`;
  return `${e.kind}:${e.tier} "${e.fullName}" ${e.emails.join(',')} ${e.phones.map((p) => '+' + p.e164).join(',')}`;
};
const rowStr = (row) => `#${row.rank} "${row.name}" ${[...(row.emails ?? [])].join(',')} ${[...(row.phones ?? [])].join(',')} score=${row.score}`;

/**
 * Uploads `books` books of `seed` through the API at `base` (key `key`), GETs each ranked list and scores it.
 * Returns the totals, the junk senders listed anywhere (by kind) and a line per failing row.
 */
export async function runSeed({ base, key, seed, books }) {
  const H = { Authorization: `Bearer ${key}` };
  const call = async (method, path, body, ctype = 'application/json') => {
    const res = await fetch(base + path, {
      method,
      headers: body === undefined ? H : { ...H, 'Content-Type': ctype },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, json, text };
  };
  const junkAudit = {};
  const failLines = [];
  const totals = {
    books: 0,
    bookFail: 0,
    junkBooks: 0,
    dupBooks: 0,
    hardDupBooks: 0,
    nameOnlyDupBooks: 0,
    selfBooks: 0,
    lostBooks: 0,
    fusedBooks: 0,
    junkRows: 0,
    dupRows: 0,
    lostPeople: 0,
    lostRolePeople: 0,
    fusedRows: 0,
    dupRowsAll: 0,
    errors: 0,
    writtenPeople: 0,
  };
  for (let i = 0; i < books; i++) {
    const book = generateBook(seed, i);
    const user = `top10-${seed}-${i}`;
    await call('DELETE', `/v0/address-book/${encodeURIComponent(user)}`);
    let err = null;
    for (const u of book.uploads) {
      let res;
      if (u.kind === 'json') res = await call('POST', '/v0/address-book', { user_id: user, ...u.body, limit: 1 });
      else
        res = await call(
          'POST',
          `/v0/address-book-file?user_id=${encodeURIComponent(user)}&format=${u.format === 'vcard' ? 'vcard' : 'csv'}&limit=1`,
          u.body,
          u.format === 'vcard' ? 'text/vcard' : 'text/csv',
        );
      if (res.status !== 200) err = `${u.kind} upload ${res.status}: ${res.text.slice(0, 300)}`;
    }
    const got = await call('GET', `/v0/address-book/${encodeURIComponent(user)}`);
    if (got.status !== 200) err = `GET ${got.status}: ${got.text.slice(0, 200)}`;
    if (err) {
      totals.errors++;
      failLines.push(`book ${i}: ERROR ${err}`);
      continue;
    }
    const rows = got.json.data;
    const ix = indexBook(book);
    const rowsIds = rows.map((row) => rowIds(row, ix));
    const top = rows.slice(0, 10);
    const fails = [];
    // junk / self / fused in the top 10
    const seen = new Map();
    top.forEach((row, k) => {
      const { ids, ambiguous, unknown } = rowsIds[k];
      const ents = [...ids].map((id) => ix.ent.get(id));
      const people = ents.filter((e) => e.kind === 'person' || e.kind === 'roleperson');
      const junk = ents.filter((e) => e.kind === 'junk');
      const self = ents.filter((e) => e.kind === 'self');
      if (ids.size === 0) fails.push({ type: 'unknown', row: rowStr(row), why: `no ground truth for ${unknown.join(',')}` });
      if (junk.length && !people.length)
        fails.push({ type: 'junk', row: rowStr(row), ent: describe(junk[0]), jkind: junk[0].jkind, addr: junk[0].emails[0], replied: junk[0].replied });
      if (self.length && !people.length)
        fails.push({ type: 'self', row: rowStr(row), ent: describe(self[0]) + (book.ownerNamed ? ' (source.name given)' : ' (no source.name)') });
      if (!ambiguous && ents.length > 1) fails.push({ type: 'fused', row: rowStr(row), ents: ents.map(describe) });
      if (!ambiguous)
        for (const p of people) {
          if (seen.has(p.id))
            fails.push({
              type: linkable(p) ? 'dup' : 'dup-nameonly',
              row: rowStr(row),
              other: rowStr(top[seen.get(p.id)]),
              ent: describe(p),
              entries: p.entries.map((en) => `${en.src}: ${JSON.stringify({ name: en.entry.name, emails: en.entry.emails, phones: en.entry.phones })}`),
            });
          else seen.set(p.id, k);
        }
    });
    // fused anywhere in the list (not only the top 10)
    rows.forEach((row, k) => {
      if (k < 10) return;
      const { ids, ambiguous } = rowsIds[k];
      if (!ambiguous && ids.size > 1) {
        const ents = [...ids].map((id) => ix.ent.get(id));
        if (ents.filter((e) => e.kind !== 'junk').length > 1 || ents.some((e) => e.kind !== 'junk'))
          fails.push({ type: 'fused-below10', row: rowStr(row), ents: ents.map(describe) });
      }
    });
    // duplicates anywhere in the list: rows showing a person a second time (the top 10 above is the failure)
    const shown = new Map();
    rowsIds.forEach(({ ids, ambiguous }, k) => {
      if (ambiguous) return;
      for (const id of ids) {
        const e = ix.ent.get(id);
        if (e.kind !== 'person' && e.kind !== 'roleperson') continue;
        if (!shown.has(id)) {
          shown.set(id, k);
          continue;
        }
        totals.dupRowsAll++;
        if (k >= 10)
          fails.push({
            type: linkable(e) ? 'dup-below10' : 'dup-nameonly-below10',
            row: rowStr(rows[k]),
            other: rowStr(rows[shown.get(id)]),
            ent: describe(e),
            entries: e.entries.map((en) => `${en.src}: ${JSON.stringify({ name: en.entry.name, emails: en.entry.emails, phones: en.entry.phones })}`),
          });
      }
    });
    // lost: people the owner wrote to, absent from the whole list
    const present = new Set();
    rowsIds.forEach(({ ids }) => ids.forEach((id) => present.add(id)));
    for (const e of book.entities) {
      if ((e.kind === 'person' || e.kind === 'roleperson') && e.act && e.act.times > 0 && e.entries.some((en) => en.src === 'gmail' || en.src === 'work')) {
        totals.writtenPeople++;
        if (!present.has(e.id))
          fails.push({
            type: e.kind === 'roleperson' ? 'lost-role' : 'lost',
            ent: describe(e),
            times: e.act.times,
            entries: e.entries.map((en) => `${en.src}: ${JSON.stringify({ name: en.entry.name, emails: en.entry.emails, phones: en.entry.phones })}`),
          });
      }
    }
    // junk exposure over the whole list (not a top-10 failure by itself; shows what small books would show)
    for (const e of book.entities) {
      if (e.kind !== 'junk') continue;
      const k = `${e.jkind}/${e.replied > 0 ? 'replied' : 'never-replied'}`;
      const s = (junkAudit[k] ??= { total: 0, listed: 0 });
      s.total++;
      if (present.has(e.id)) {
        s.listed++;
      }
    }
    const has = (t) => fails.some((f) => f.type === t);
    totals.books++;
    const junkN = fails.filter((f) => f.type === 'junk').length;
    const dupN = fails.filter((f) => f.type === 'dup' || f.type === 'dup-nameonly').length;
    totals.junkRows += junkN;
    totals.dupRows += dupN;
    totals.lostPeople += fails.filter((f) => f.type === 'lost').length;
    totals.lostRolePeople += fails.filter((f) => f.type === 'lost-role').length;
    totals.fusedRows += fails.filter((f) => f.type.startsWith('fused')).length;
    if (junkN) totals.junkBooks++;
    if (dupN) totals.dupBooks++;
    if (has('dup')) totals.hardDupBooks++;
    if (has('dup-nameonly')) totals.nameOnlyDupBooks++;
    if (has('self')) totals.selfBooks++;
    if (has('lost') || has('lost-role')) totals.lostBooks++;
    if (has('fused') || has('fused-below10')) totals.fusedBooks++;
    const top10Fail = junkN > 0 || dupN > 0 || has('self') || has('fused');
    if (top10Fail) totals.bookFail++;
    if (fails.length) {
      failLines.push(`book ${i} (${book.ownerCC}, ${book.entriesCount} entries, ${rows.length} rows, user ${user})`);
      for (const f of fails) {
        failLines.push(`  [${f.type}] ${f.row ?? ''}`);
        if (f.ent) failLines.push(`      truth: ${f.ent}`);
        if (f.ents) failLines.push(`      truth: ${f.ents.join(' + ')}`);
        if (f.other) failLines.push(`      other row: ${f.other}`);
        if (f.entries) for (const x of f.entries) failLines.push(`      ${x}`);
        if (f.why) failLines.push(`      ${f.why}`);
      }
    }
  }
  return { totals, junkAudit, failLines };
}
