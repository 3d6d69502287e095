/** The benchmarks' HTTP client: keep-alive connections, and a clock around the bytes on the wire only. */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface Res {
  status: number;
  text: string;
  ms: number;
}

/**
 * One request; `ms` runs from handing the body's bytes to the socket to the last byte of the answer.
 * The client's own work stays outside it: the body is encoded to UTF-8 before the clock starts (Node's
 * http client takes ~25 ms to write a 1.6 MB string body, more than the floor's own parse), and the
 * answer is decoded after it stops.
 */
export function request(base: string, method: string, path: string, key: string, body?: string, opts: { discardOk?: boolean } = {}): Promise<Res> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    const bytes = body === undefined ? undefined : Buffer.from(body, 'utf8');
    if (bytes !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(bytes.length);
    }
    const t0 = performance.now();
    const req = http.request(base + path, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - t0;
        // `discardOk`: a big answer's text is not needed, and decoding megabytes would hold this process's
        // event loop while it times the small GETs around it (only an error's text is kept).
        const status = res.statusCode ?? 0;
        const text = opts.discardOk && status === 200 ? '' : Buffer.concat(chunks).toString('utf8');
        resolve({ status, text, ms });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(bytes);
  });
}

/** Closes the kept-alive connections (the script can then exit). */
export function closeAgent(): void {
  agent.destroy();
}
