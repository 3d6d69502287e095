/*
 * <kith-invite client-key="kith_ck_live_…" api-base="https://kith.example.com"> — Kith's drop-in invite
 * widget. A web component with a shadow DOM; it loads nothing from anywhere but `api-base`.
 *
 * It shows the user's ranked contacts (a few suggestions on top, then a searchable list, a checkbox per
 * contact), records the suggestions it showed (/v0/suggested-seen), and on Invite dispatches a
 * `kith-invite` event (detail.contacts: the chosen contacts; the host page sends the invitations) and
 * records them (/v0/invites-sent). A vCard or contacts CSV (Google, Outlook, Thunderbird, LinkedIn or
 * any CSV with contact columns; also .tsv) dropped on it (or chosen with the keyboard) is uploaded for
 * the user (/v0/address-book-file), as its own bytes (the server reads UTF-8, windows-1252 and UTF-16),
 * and the list is redrawn.
 *
 * Attributes: client-key (required), api-base (default: this page's origin), suggestions (default 3),
 * limit (most contacts listed, default 500).
 */
(() => {
  if (customElements.get('kith-invite')) return;

  /** Content types POST /v0/address-book-file reads as a file (a browser names a file by its extension). */
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

  const CSS = `
:host { display: block; font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2230; max-width: 640px; }
* { box-sizing: border-box; }
.box { border: 1px solid #c9cfdb; border-radius: 10px; padding: 12px; background: #fff; }
h2 { font-size: 1rem; margin: 0 0 6px; }
ul { list-style: none; margin: 0 0 12px; padding: 0; }
li label { display: flex; gap: 10px; align-items: flex-start; padding: 8px 6px; border-radius: 6px; cursor: pointer; min-height: 44px; }
li label:hover { background: #f2f5fb; }
input[type=checkbox] { width: 20px; height: 20px; margin: 2px 0 0; flex: none; }
.who { display: flex; flex-direction: column; min-width: 0; }
.name { font-weight: 600; overflow-wrap: anywhere; }
.addr { color: #4a5468; font-size: .9em; overflow-wrap: anywhere; }
.search { display: flex; flex-direction: column; gap: 4px; margin-bottom: 8px; }
.search input { font: inherit; padding: 8px 10px; border: 1px solid #8d96a8; border-radius: 6px; width: 100%; }
.all { max-height: 320px; overflow-y: auto; }
.drop { border: 2px dashed #8d96a8; border-radius: 8px; padding: 10px; text-align: center; color: #4a5468; margin-bottom: 12px; cursor: pointer; }
.drop.over { border-color: #2456c7; background: #eef3ff; }
.actions { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
button { font: inherit; font-weight: 600; padding: 10px 18px; border-radius: 8px; border: 0; background: #2456c7; color: #fff; cursor: pointer; min-height: 44px; }
button:disabled { background: #9aa6c0; cursor: not-allowed; }
:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
.status { margin: 0; color: #1d2230; }
.status.error { color: #a3141c; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 420px) { :host { font-size: 16px; } .box { padding: 8px; } button { width: 100%; } }
`;

  let sheet = null;
  function styleFor(root) {
    // A constructed stylesheet: no inline <style>, so a host page's strict CSP needs no exception.
    if ('adoptedStyleSheets' in Document.prototype && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
      sheet ??= new CSSStyleSheet();
      if (!sheet.cssRules.length) sheet.replaceSync(CSS);
      root.adoptedStyleSheets = [sheet];
    } else {
      const s = document.createElement('style');
      s.textContent = CSS;
      root.append(s);
    }
  }

  function el(tag, attrs = {}, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === 'text') e.textContent = v;
      else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of children) if (c) e.append(c);
    return e;
  }

  let uid = 0;

  class KithInvite extends HTMLElement {
    static get observedAttributes() {
      return ['client-key', 'api-base'];
    }

    constructor() {
      super();
      this.contacts = [];
      this.chosen = new Set();
      this.id_ = `kith-${++uid}`;
      const root = this.attachShadow({ mode: 'open' });
      styleFor(root);
      const id = this.id_;
      this.status = el('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
      this.suggested = el('ul', { class: 'suggested', 'aria-labelledby': `${id}-sh` });
      this.all = el('ul', { class: 'all', 'aria-labelledby': `${id}-ah` });
      this.search = el('input', { type: 'search', id: `${id}-q`, autocomplete: 'off', placeholder: 'Name, e-mail or phone' });
      this.file = el('input', {
        type: 'file',
        accept: '.vcf,.vcard,.csv,.tsv,.ldif,.txt,text/vcard,text/x-vcard,text/csv,text/tab-separated-values',
        class: 'sr',
        tabindex: '-1',
        'aria-hidden': 'true',
      });
      this.drop = el(
        'div',
        { class: 'drop', role: 'button', tabindex: '0', 'aria-describedby': `${id}-dh` },
        el('span', {
          id: `${id}-dh`,
          text: 'Import contacts: drop a vCard (.vcf) or contacts CSV (Google, Outlook, Thunderbird, LinkedIn…) here, or press to choose a file.',
        }),
      );
      this.button = el('button', { type: 'button', class: 'invite', disabled: true, text: 'Invite' });
      this.sugHeading = el('h2', { id: `${id}-sh`, text: 'Suggested' });
      this.allHeading = el('h2', { id: `${id}-ah`, text: 'All contacts' });
      root.append(
        el(
          'section',
          { class: 'box', 'aria-label': 'Invite your contacts' },
          this.sugHeading,
          this.suggested,
          this.allHeading,
          el('div', { class: 'search' }, el('label', { for: `${id}-q`, text: 'Search contacts' }), this.search),
          this.all,
          this.drop,
          this.file,
          el('div', { class: 'actions' }, this.button, this.status),
        ),
      );
      this.search.addEventListener('input', () => this.renderAll());
      this.button.addEventListener('click', () => this.invite());
      this.drop.addEventListener('click', () => this.file.click());
      this.drop.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          this.file.click();
        }
      });
      this.drop.addEventListener('dragover', (e) => {
        e.preventDefault();
        this.drop.classList.add('over');
      });
      this.drop.addEventListener('dragleave', () => this.drop.classList.remove('over'));
      this.drop.addEventListener('drop', (e) => {
        e.preventDefault();
        this.drop.classList.remove('over');
        const f = e.dataTransfer && e.dataTransfer.files[0];
        if (f) this.upload(f);
      });
      this.file.addEventListener('change', () => {
        if (this.file.files[0]) this.upload(this.file.files[0]);
        this.file.value = '';
      });
    }

    connectedCallback() {
      this.started_ = true;
      this.load();
    }

    attributeChangedCallback(_name, old, now) {
      // Not while the element is being upgraded (its attributes are reported before connectedCallback,
      // which loads); a key set later (a single-page app fetching it first) loads then.
      if (this.started_ && old !== now && this.isConnected) this.load();
    }

    get base() {
      return (this.getAttribute('api-base') || location.origin).replace(/\/+$/, '');
    }

    count(name, def, max) {
      const raw = this.getAttribute(name);
      if (raw === null || raw.trim() === '') return def;
      const n = Number(raw);
      return Number.isInteger(n) && n >= 0 ? Math.min(n, max) : def;
    }

    say(text, error = false) {
      this.status.textContent = text;
      this.status.classList.toggle('error', error);
    }

    async call(method, path, body, type = 'application/json') {
      const key = this.getAttribute('client-key');
      if (!key) throw new Error('The widget has no client-key attribute.');
      const headers = { Authorization: `Bearer ${key}` };
      if (body !== undefined) headers['Content-Type'] = type;
      let res;
      try {
        res = await fetch(this.base + path, {
          method,
          headers,
          body: body === undefined ? undefined : type === 'application/json' ? JSON.stringify(body) : body,
          credentials: 'omit',
        });
      } catch (e) {
        // The browser hides why (a probe saw only "Failed to fetch"): most often the server refused this
        // page's origin, whose 403 carries no CORS headers for the page to read; else the network.
        throw new Error(
          `no answer from ${this.base} (${e && e.message ? e.message : 'network error'}): either the server is unreachable, or it does not allow this page's origin (${location.origin}); the app's secret-key holder allows it with \`kith apps cors --app NAME --allow ${location.origin}\``,
        );
      }
      let json = null;
      try {
        json = await res.json();
      } catch {
        json = null;
      }
      if (!res.ok) {
        const err = new Error((json && json.error) || `The server answered ${res.status}.`);
        err.status = res.status;
        err.code = json && json.code;
        throw err;
      }
      return json;
    }

    async load() {
      // Only the latest load shows: two attributes changed at once start two, and the one answering last
      // would otherwise win, stale or failed.
      const ticket = (this.loads_ = (this.loads_ || 0) + 1);
      if (!this.getAttribute('client-key')) return this.say('The widget has no client-key attribute.', true);
      this.say('Loading your contacts…');
      try {
        const r = await this.call('GET', `/v0/address-book?limit=${this.count('limit', 500, 5000)}`);
        if (ticket !== this.loads_) return;
        this.show(r.data);
      } catch (e) {
        if (ticket !== this.loads_) return;
        if (e.code === 'address_book_not_found') {
          this.show([]);
          this.say('No contacts yet: import a vCard or contacts CSV file.');
        } else this.say(`Could not load your contacts: ${e.message}`, true);
      }
    }

    show(list) {
      this.contacts = list.map((c, i) => ({ ...c, _i: i }));
      this.chosen.clear();
      const k = this.count('suggestions', 3, 20);
      const top = this.contacts.slice(0, k);
      this.suggested.replaceChildren(...top.map((c) => this.item(c, 's')));
      this.sugHeading.hidden = this.suggested.hidden = top.length === 0;
      this.renderAll();
      this.updateButton();
      this.say(this.contacts.length ? `${this.contacts.length} contacts.` : '');
      this.dispatchEvent(new CustomEvent('kith-ready', { detail: { count: this.contacts.length }, bubbles: true, composed: true }));
      if (top.length) this.recordSeen(top);
    }

    rest() {
      return this.contacts.slice(this.count('suggestions', 3, 20));
    }

    renderAll() {
      const q = this.search.value.trim().toLowerCase();
      const hits = this.rest().filter((c) => !q || [c.name || '', ...c.emails, ...c.phones].some((s) => s.toLowerCase().includes(q)));
      this.all.replaceChildren(...hits.map((c) => this.item(c, 'a')));
      if (q) this.say(`${hits.length} ${hits.length === 1 ? 'contact matches' : 'contacts match'} “${this.search.value.trim()}”.`);
    }

    item(c, where) {
      const id = `${this.id_}-${where}${c._i}`;
      // A person kept with nothing to invite (no usable e-mail or number: `unusable`) is shown, not offered.
      const reachable = c.emails.length > 0 || c.phones.length > 0;
      const box = el('input', { type: 'checkbox', id, checked: this.chosen.has(c._i), disabled: !reachable });
      box.addEventListener('change', () => {
        if (box.checked) this.chosen.add(c._i);
        else this.chosen.delete(c._i);
        this.updateButton();
      });
      const addr = c.email || c.phone || '';
      return el(
        'li',
        {},
        el(
          'label',
          { for: id },
          box,
          el('span', { class: 'who' }, el('span', { class: 'name', text: c.name || addr }), c.name ? el('span', { class: 'addr', text: addr }) : null),
        ),
      );
    }

    updateButton() {
      const n = this.chosen.size;
      this.button.disabled = n === 0;
      this.button.textContent = n === 0 ? 'Invite' : `Invite ${n} ${n === 1 ? 'contact' : 'contacts'}`;
    }

    picked() {
      return this.contacts
        .filter((c) => this.chosen.has(c._i))
        .map((c) => ({ name: c.name, email: c.email, phone: c.phone, emails: c.emails, phones: c.phones, rank: c.rank }));
    }

    async recordSeen(top) {
      try {
        // Only those with something to match: one without would refuse the whole batch.
        const entries = top.filter((c) => c.emails.length > 0 || c.phones.length > 0).map((c) => ({ emails: c.emails, phones: c.phones }));
        if (entries.length) await this.call('POST', '/v0/suggested-seen', { entries });
      } catch {
        // Recording what was shown is best effort: the list itself is already on screen.
      }
    }

    async invite() {
      const contacts = this.picked();
      if (!contacts.length) return;
      // The host page sends the invitations: it gets the chosen contacts first.
      this.dispatchEvent(new CustomEvent('kith-invite', { detail: { contacts }, bubbles: true, composed: true }));
      this.button.disabled = true;
      try {
        await this.call('POST', '/v0/invites-sent', { entries: contacts.map((c) => ({ emails: c.emails, phones: c.phones, invitee_name: c.name })) });
        this.say(`Invited ${contacts.length} ${contacts.length === 1 ? 'contact' : 'contacts'}.`);
        this.chosen.clear();
        for (const b of this.shadowRoot.querySelectorAll('input[type=checkbox]')) b.checked = false;
      } catch (e) {
        this.say(`The invitations were handed over, but recording them failed: ${e.message}`, true);
      }
      this.updateButton();
    }

    async upload(file) {
      const name = (file.name || '').toLowerCase();
      const format =
        name.endsWith('.csv') || name.endsWith('.tsv')
          ? 'csv'
          : name.endsWith('.vcf') || name.endsWith('.vcard')
            ? 'vcard'
            : name.endsWith('.ldif')
              ? 'ldif'
              : '';
      this.say(`Importing ${file.name || 'the file'}…`);
      try {
        // The file itself (its bytes), not file.text(): that would decode a windows-1252 export as UTF-8
        // and lose its accents (U+FFFD) before the server sees them. No charset: the bytes decide.
        await this.call('POST', `/v0/address-book-file${format ? `?format=${format}` : ''}`, file, fileType(file));
        await this.load();
        this.say(`Imported ${file.name || 'the file'}: ${this.contacts.length} contacts.`);
      } catch (e) {
        this.say(`Could not import the file: ${e.message}`, true);
      }
    }
  }

  /** The file's own Content-Type when the server takes it as a file, else application/octet-stream. */
  function fileType(file) {
    const type = (file.type || '').split(';')[0].trim().toLowerCase();
    return FILE_TYPES.includes(type) ? type : 'application/octet-stream';
  }

  customElements.define('kith-invite', KithInvite);
})();
