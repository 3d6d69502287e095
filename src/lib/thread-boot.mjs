// Worker bootstrap. From the sources (npm start, the CLI, the tests) the module is TypeScript run by tsx,
// and tsx's loader hooks do not reach worker threads by themselves on Node 20: register them here first.
// The compiled build (npm run build, dist/) loads its JavaScript as it is, without tsx.
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
