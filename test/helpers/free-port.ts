/** A TCP port on 127.0.0.1 that was free a moment ago, for starting a real server process on it. */
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}
