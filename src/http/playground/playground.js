// Kith playground: plain browser JavaScript, no build step. It talks to the public API with the key the
// user typed, exactly as a client would: parse the file (POST /playground/parse), upload it in batches of
// 500 entries with backfill=1, read the ranked list with explain=1, then delete the book unless asked to
// keep it. Nothing is stored in the browser.
'use strict';

/** Entries per upload request, as existing clients send them. */
const BATCH_SIZE = 500;
const FLAGS = ['filter_blank_names', 'filter_existing_users', 'filter_invites_sent', 'filter_suggested_seen', 'promote_existing_users'];

const $ = (id) => document.getElementById(id);
let chosenFile = null;

/** An API answer that is not a success, with the API's own message and code. */
class ApiError extends Error {
  constructor(status, body) {
    super(body && typeof body.error === 'string' ? body.error : `HTTP ${status}`);
    this.status = status;
    this.code = body && body.code;
  }
}

async function call(method, path, key, body, contentType) {
  const headers = { Authorization: `Bearer ${key}` };
  let payload;
  if (body !== undefined) {
    headers['Content-Type'] = contentType || 'application/json';
    payload = contentType ? body : JSON.stringify(body);
  }
  const res = await fetch(path, { method, headers, body: payload });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) throw new ApiError(res.status, json);
  return json;
}

function setStatus(text) {
  $('status').textContent = text;
}

function showError(err) {
  const box = $('error');
  box.hidden = false;
  box.textContent =
    err instanceof ApiError ? `${err.message} (HTTP ${err.status}${err.code ? `, ${err.code}` : ''})` : String(err && err.message ? err.message : err);
}

function chooseFile(file) {
  chosenFile = file || null;
  $('file-name').textContent = chosenFile ? `${chosenFile.name} (${Math.ceil(chosenFile.size / 1024)} KiB)` : '';
}

function formatOf(name) {
  return /\.(vcf|vcard)$/i.test(name) ? 'vcard' : /\.(csv|tsv)$/i.test(name) ? 'csv' : '';
}

/** Content types POST /playground/parse reads as a file (a browser names a file by its extension). */
const FILE_TYPES = [
  'text/plain',
  'text/vcard',
  'text/x-vcard',
  'text/directory',
  'text/csv',
  'application/csv',
  'text/tab-separated-values',
  'application/vnd.ms-excel',
  'application/octet-stream',
];

/** The file's own Content-Type when the server takes it as a file, else application/octet-stream. */
function fileType(file) {
  const type = (file.type || '').split(';')[0].trim().toLowerCase();
  return FILE_TYPES.includes(type) ? type : 'application/octet-stream';
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'class') node.className = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(c == null ? '' : String(c)));
  return node;
}

/** The per-signal contributions of a row as labelled bars, largest first. */
function explainCell(explain) {
  if (!explain || typeof explain !== 'object' || Object.keys(explain).length === 0) return el('span', { class: 'muted' }, 'no explanation');
  const items = Object.entries(explain)
    .filter(([, v]) => typeof v === 'number')
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
  const max = Math.max(...items.map(([, v]) => Math.abs(v)), 1e-9);
  const box = el('div', { class: 'explain' });
  for (const [name, value] of items) {
    const bar = el('div', { class: value < 0 ? 'bar neg' : 'bar' });
    bar.style.width = `${Math.max(2, Math.round((Math.abs(value) / max) * 100))}%`;
    box.append(el('span', {}, name), el('span', { class: 'v' }, value.toFixed(3)), el('div', {}, bar));
  }
  return box;
}

function render(book, parsed) {
  const rows = $('rows');
  rows.replaceChildren();
  for (const c of book.data) {
    rows.append(
      el(
        'tr',
        { 'data-rank': c.rank },
        el('td', { class: 'num' }, c.rank),
        el('td', {}, c.name == null ? el('span', { class: 'muted' }, '(no name)') : c.name),
        el('td', {}, c.emails.join(', ')),
        el('td', {}, c.phones.join(', ')),
        el('td', { class: 'num' }, typeof c.score === 'number' ? c.score.toFixed(3) : c.score),
        el('td', {}, explainCell(c.explain)),
      ),
    );
  }
  const m = book.meta || {};
  $('summary').textContent =
    // Every card or row is an entry, as the API counts them (meta.cleaning.entries_read); those with
    // nothing usable were sent too and left out by the API.
    `${book.data.length} shown of ${parsed.entries.length} entries read` +
    (parsed.skipped ? `, ${parsed.skipped} unreadable or empty left out` : '') +
    (m.exception_matching_email_domain ? ' · webmail domain not promoted' : '') +
    (typeof m.time === 'number' ? ` · ranked in ${(m.time * 1000).toFixed(0)} ms` : '');
  $('results').hidden = false;
}

async function run(event) {
  event.preventDefault();
  const form = $('form');
  const key = form.key.value.trim();
  $('error').hidden = true;
  if (!key) return showError('Enter an API key first.');
  if (!chosenFile) return showError('Drop or choose a .vcf, .csv, .tsv or .ldif file first.');
  const button = $('rank');
  button.disabled = true;
  // The user a kept book is stored as, once its first batch is: said even when a later step fails.
  let keptAs = null;
  try {
    setStatus(`Reading ${chosenFile.name}…`);
    const format = formatOf(chosenFile.name);
    // The file itself (its bytes), not chosenFile.text(): that would decode a windows-1252 export as
    // UTF-8 and lose its accents (U+FFFD) before the server sees them. No charset: the bytes decide.
    const parsed = await call('POST', `/playground/parse${format ? `?format=${format}` : ''}`, key, chosenFile, fileType(chosenFile));
    if (parsed.entries.length - parsed.skipped === 0) throw new Error('The file holds no contacts Kith could read.');

    const typedId = form.user_id.value.trim();
    if (!typedId) madeUserId = newUserId();
    const userId = typedId || madeUserId;
    // A book not kept is deleted after ranking, whole, with the user's records: only under an id the page
    // made (random, no one's). A typed id may be someone's (their book, or records without a book: a
    // DELETE erased a real user's book when their id was typed here): ranked only when kept.
    if (userId !== madeUserId && !form.keep.checked) {
      throw new Error(
        `A user id you type is kept: check "keep" to add the file to user ${userId}'s book, or leave the id empty (a new one is made, and deleted after ranking).`,
      );
    }
    const source = {};
    const type = form.source_type.value || parsed.source_type;
    if (type) source.type = type;
    if (form.owner_email.value.trim()) source.email = form.owner_email.value.trim();

    const query = new URLSearchParams({ explain: '1' });
    for (const f of FLAGS) if (form[f].checked) query.set(f, '1');
    const domain = form.promote_matching_domain.value.trim();
    if (domain) query.set('promote_matching_domain', domain);
    if (form.limit.value) query.set('limit', form.limit.value);
    let book;
    // Why a book not kept could not be deleted again (a 429, a 503, a lost connection): then the page says
    // it is still stored, and under which id (a privacy probe: it said "deleted" after a refused DELETE).
    let notDeleted = null;
    // Whatever fails after the first batch (a refused row, a 429, a lost connection), a book the page
    // was not asked to keep is deleted again: never left on the server under an id nobody was shown.
    try {
      for (let i = 0; i < parsed.entries.length; i += BATCH_SIZE) {
        setStatus(`Uploading ${Math.min(i + BATCH_SIZE, parsed.entries.length)} of ${parsed.entries.length} entries…`);
        await call('POST', '/v0/address-book', key, { user_id: userId, source, entries: parsed.entries.slice(i, i + BATCH_SIZE), backfill: 1 });
        if (form.keep.checked) {
          keptAs = userId;
          // Someone's now: a later run under it is checked as a typed id is.
          if (userId === madeUserId) madeUserId = null;
        }
      }
      setStatus('Ranking…');
      book = await call('GET', `/v0/address-book/${encodeURIComponent(userId)}?${query}`, key);
    } finally {
      if (!form.keep.checked) {
        try {
          await call('DELETE', `/v0/address-book/${encodeURIComponent(userId)}`, key);
        } catch (err) {
          // 404: nothing was stored (the first batch was refused). Anything else: the book is still there.
          if (!(err instanceof ApiError && err.status === 404)) {
            notDeleted = err;
            keptAs = userId;
            // Someone's now, as a kept book's id is: the next run is not mixed into it (a review).
            if (userId === madeUserId) madeUserId = null;
          }
        }
      }
    }
    render(book, parsed);
    if (notDeleted !== null) {
      setStatus(`Ranked, but the book could not be deleted from the server again: it is still stored as user ${userId}.`);
      showError(notDeleted);
      return;
    }
    setStatus(form.keep.checked ? `Stored as user ${userId}.` : 'Done; the book was deleted from the server again.');
  } catch (err) {
    setStatus(keptAs === null ? '' : `What was uploaded before the error is still stored as user ${keptAs}.`);
    showError(err);
  } finally {
    button.disabled = false;
  }
}

/** The user id the page made and filled in (no one's until a book is kept under it). */
let madeUserId = null;

function newUserId() {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `playground-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

document.addEventListener('DOMContentLoaded', () => {
  $('user-id').value = madeUserId = newUserId();
  $('form').addEventListener('submit', run);
  $('file').addEventListener('change', (e) => chooseFile(e.target.files[0]));
  const drop = $('drop');
  drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    const file = e.dataTransfer && e.dataTransfer.files[0];
    if (!file) return;
    chooseFile(file);
    // Dropping a file is the intent to see it ranked: go, if a key is there.
    if ($('form').key.value.trim()) $('form').requestSubmit();
  });
});
