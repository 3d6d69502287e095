import { performance } from 'node:perf_hooks';
import { makeTestStorage } from '/work/main/test/helpers/engines.ts';
import { fakeUpload, manyContacts } from '/work/main/test/storage/fixtures.ts';
for (const engine of ['sqlite', 'postgres'] as const) {
  const { storage, cleanup } = await makeTestStorage(engine);
  const u = fakeUpload('x', manyContacts(10000, 'x'));
  let t = performance.now();
  JSON.stringify(u.raw); JSON.stringify(u.normalized);
  console.log(engine, 'stringify', performance.now() - t);
  for (let i = 0; i < 3; i++) {
    const v = fakeUpload('x' + i, manyContacts(10000, 'x' + i));
    t = performance.now(); await storage.appendUpload('t', v); console.log(engine, 'append', performance.now() - t);
  }
  await cleanup();
}
