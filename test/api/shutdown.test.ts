/**
 * Graceful shutdown of the real server process: SIGTERM while an upload is in flight lets that upload
 * finish (200, stored), then the process exits 0.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createApiKey } from '../../src/services/keys.ts';
import { openStorage } from '../../src/storage/index.ts';

const PORT = 20_000 + (process.pid % 10_000);

describe('graceful shutdown', () => {
  it('SIGTERM finishes the in-flight upload, then exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kith-shutdown-'));
    const url = `sqlite:${join(dir, 'kith.db')}`;
    const storage = await openStorage(url);
    await storage.migrateUp();
    const { key } = await createApiKey(storage, { app: 'shutdown', env: 'live' });
    await storage.close();

    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      env: { ...process.env, DATABASE_URL: url, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', KITH_WORKERS: '0' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      const base = `http://127.0.0.1:${PORT}`;
      for (let i = 0; i < 200; i++) {
        const up = await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        await sleep(100);
      }
      // A book big enough that the server is still working on it when the signal arrives.
      const entries = Array.from({ length: 20_000 }, (_, i) => ({
        name: `P ${i}`,
        email: `p${i}@example.com`,
        phone: `+1415555${String(i).padStart(4, '0')}`,
      }));
      const upload = fetch(`${base}/v0/address-book`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: 'big', source: {}, entries, backfill: 1 }),
      });
      await sleep(150);
      child.kill('SIGTERM');
      const res = await upload;
      assert.equal(res.status, 200, await res.clone().text());
      const body = await res.json();
      assert.equal(body.message, 'Address book for big added.');
      const [code] = (await once(child, 'exit')) as [number | null];
      assert.equal(code, 0);

      const after = await openStorage(url);
      try {
        const keys = await after.listKeys();
        const book = await after.loadBook(`${keys[0].appId}:live`, 'big');
        assert.equal(book?.entries.length, entries.length);
      } finally {
        await after.close();
      }
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
