/**
 * A real Kith server as a child process (`node --import tsx src/server.ts`), as `npm start` runs it: for
 * tests that kill a server (SIGKILL) or run several on one database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * Longest wait for a server to answer /readyz after spawning it (ms): a guard against a hang, not a
 * measure of speed. Generous: tsx compiles the sources in each of the server's threads, and on a 2-core
 * machine under a load average of 17 (a CI run beside other work) two servers started at once took over
 * 60 s (a fresh-clone CI run failed so, twice in two sessions).
 */
const START_TIMEOUT_MS = 180_000;

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  output: string[];
}

/** One HTTP request; the body is JSON when given. */
export function call(
  base: string,
  method: string,
  path: string,
  key: string,
  body?: unknown,
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders; body: any }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    const req = http.request(base + path, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, headers: res.headers, body: parsed });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Starts a server on `url` (a DATABASE_URL) and waits until /readyz answers 200. `script`: a compiled
 * server (`npm run build`'s dist/src/server.js) run by node alone, instead of the sources run by tsx.
 * `output`: the array its stdout and stderr are pushed to as they come (to watch them while it starts).
 */
export async function startServerProcess(
  url: string,
  env: Record<string, string> = {},
  opts: { script?: string; output?: string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const output: string[] = opts.output ?? [];
  const args = opts.script !== undefined ? [opts.script] : ['--import', 'tsx', join(ROOT, 'src/server.ts')];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', KITH_WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output.join('')}`);
    const ready = await call(base, 'GET', '/readyz', '').catch(() => null);
    if (ready?.status === 200) return { base, child, output };
    if (Date.now() > deadline) throw new Error(`server not ready after ${START_TIMEOUT_MS} ms: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stops the server: SIGTERM (graceful) by default, or SIGKILL (a crash). */
export async function stopServerProcess(s: ServerProcess | undefined, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
  if (!s || s.child.exitCode !== null || s.child.signalCode !== null) return;
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill(signal);
  await exited;
}
