// Worker bootstrap: the sources are TypeScript run by tsx, and tsx's loader hooks do not reach worker
// threads by themselves on Node 20; register them here, then load the worker module itself.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
