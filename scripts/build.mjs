#!/usr/bin/env node
// `npm run build [-- --out DIR]`: the compiled build for production (README, "Production"): the
// TypeScript of src/ (and the client the CLI's import uses) compiled by tsc to JavaScript in dist/ (or
// DIR, a folder directly under the repository, whose node_modules its modules use), beside the files
// src/ serves or runs as they are (the playground, the widget, the SQLite checkpointer, the thread
// bootstrap) and package.json (the CLI reads its version). `node dist/src/server.js` (npm run serve)
// and `node dist/src/cli/main.js` then run without tsx.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const outArg = args.includes('--out') ? args[args.indexOf('--out') + 1] : undefined;
const out = resolve(ROOT, outArg ?? 'dist');
if (dirname(out) !== ROOT) {
  console.error(`build: --out must be a folder directly under ${ROOT} (got ${out})`);
  process.exit(2);
}
const src = join(ROOT, 'src');
rmSync(out, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const r = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', out], { cwd: ROOT, stdio: 'inherit' });
if (r.status !== 0) {
  console.error(`build: tsc failed (exit ${r.status ?? r.signal})`);
  process.exit(1);
}
// Everything of src/ that is not TypeScript, at the same place (tsc emits only the .ts files).
cpSync(src, join(out, 'src'), { recursive: true, filter: (from) => !from.endsWith('.ts') });
cpSync(join(ROOT, 'package.json'), join(out, 'package.json'));
if (!existsSync(join(out, 'src/server.js'))) {
  console.error('build: no server.js was emitted');
  process.exit(1);
}
console.log(`build: ${relative(ROOT, out)}/ ready (node ${relative(ROOT, join(out, 'src/server.js'))})`);
