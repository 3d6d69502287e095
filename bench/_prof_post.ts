import { makeBody, makeEntries } from './gen.ts';
import { startApi } from '../test/helpers/api.ts';
const api = await startApi('sqlite', { LOG_LEVEL: 'warn' });
const bodies = Array.from({ length: 80 }, (_, i) =>
  makeBody(`u${i}`, makeEntries({ size: 1000, seed: 1000 + i, personBase: i * 100_000 }), { seed: 1000 + i }),
);
for (let i = 0; i < 20; i++) await api.post('/v0/address-book', bodies[i]);
const t = performance.now();
for (let i = 20; i < 80; i++) {
  const r = await api.post('/v0/address-book', bodies[i]);
  if (r.status !== 200) throw new Error(String(r.status));
}
console.log('per POST', ((performance.now() - t) / 60).toFixed(1), 'ms');
await api.close();
