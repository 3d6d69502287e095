/**
 * The layers point one way: http -> workers -> services -> storage -> domain, with the shared helpers
 * (lib/, readers/, config.ts, the wire schemas) below whoever uses them. This test reads every import of
 * src/ (static, dynamic, `export ... from` and `new URL(..., import.meta.url)` module paths) and fails on
 * one that runs back up, naming the file, the import and the rule.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/**
 * Each layer and the layers it may import (itself always allowed). The wire schemas (http/schemas.ts)
 * are pure TypeBox data: the contract the HTTP layer and the book workers both follow.
 */
const ALLOWED: Record<string, string[]> = {
  domain: [],
  lib: [],
  config: ['domain', 'lib'],
  contract: ['domain', 'lib', 'config'],
  readers: ['domain', 'lib'],
  storage: ['domain', 'lib', 'config'],
  // The wire schemas' field names name an upload's unknown fields (services/upload-warnings.ts).
  services: ['domain', 'lib', 'config', 'readers', 'storage', 'contract'],
  workers: ['domain', 'lib', 'config', 'readers', 'storage', 'services', 'contract'],
  http: ['domain', 'lib', 'config', 'readers', 'storage', 'services', 'workers', 'contract'],
  cli: ['domain', 'lib', 'config', 'readers', 'storage', 'services', 'app'],
  app: ['domain', 'lib', 'config', 'readers', 'storage', 'services', 'workers', 'contract', 'http'],
};

/** The layer of a file, from its path under src/. */
export function layerOf(file: string): string {
  const rel = relative(SRC, file).split('\\').join('/');
  if (rel === 'http/schemas.ts') return 'contract';
  if (rel === 'config.ts') return 'config';
  if (rel === 'app.ts' || rel === 'server.ts') return 'app';
  const top = rel.split('/')[0];
  if (top in ALLOWED) return top;
  throw new Error(`src/${rel}: no layer is defined for it (add it to test/arch/layers.test.ts)`);
}

function* sourceFiles(dir: string): Generator<string> {
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, d.name);
    if (d.isDirectory()) yield* sourceFiles(p);
    else if (/\.(ts|mts|mjs|js)$/.test(d.name)) yield p;
  }
}

/** Relative module paths a file imports (comments are not stripped; a path in a comment counts too). */
export function importsOf(text: string): string[] {
  const out: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bnew URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) if (m[1].startsWith('.')) out.push(m[1]);
  return out;
}

describe('layers', () => {
  it('finds the imports of every form', () => {
    const text = `import a from './a.ts';\nimport type { B } from "../b.ts";\nexport { c } from './c.ts';\nconst d = await import('../d.ts');\nnew URL('../e.mjs', import.meta.url);\nimport 'node:fs';`;
    assert.deepEqual(importsOf(text).sort(), ['../b.ts', '../d.ts', '../e.mjs', './a.ts', './c.ts']);
  });

  it('no import in src/ runs back up the layers', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const file of sourceFiles(SRC)) {
      const from = layerOf(file);
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        const target = resolve(dirname(file), spec);
        if (!target.startsWith(SRC + '/')) continue; // client/ and the like: outside the layers
        const to = layerOf(target);
        checked++;
        if (to !== from && !ALLOWED[from].includes(to)) {
          problems.push(`src/${relative(SRC, file)} (${from}) imports ${spec} (${to}): ${from} may import only ${ALLOWED[from].join(', ') || 'itself'}`);
        }
      }
    }
    assert.ok(checked > 50, `only ${checked} imports found: the scanner is broken`);
    assert.deepEqual(problems, []);
  });
});
