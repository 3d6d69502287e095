// The demo page's host code: put a <kith-invite> on the page with the client key from the form (or the
// URL fragment #client_key=…, which never reaches the server), and list the kith-invite events.
(() => {
  const form = document.getElementById('key-form');
  const input = document.getElementById('key');
  const slot = document.getElementById('slot');
  const log = document.getElementById('log');
  document.getElementById('origin').textContent = location.origin;

  function show(key) {
    const w = document.createElement('kith-invite');
    w.setAttribute('client-key', key);
    w.setAttribute('api-base', location.origin);
    slot.replaceChildren(w);
  }

  document.addEventListener('kith-invite', (e) => {
    for (const c of e.detail.contacts) {
      const li = document.createElement('li');
      li.textContent = `${c.name || '(no name)'} <${c.email || c.phone}>`;
      log.append(li);
    }
  });

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (input.value.trim()) show(input.value.trim());
  });

  const fromHash = new URLSearchParams(location.hash.slice(1)).get('client_key');
  if (fromHash) {
    input.value = fromHash;
    show(fromHash);
  }
})();
