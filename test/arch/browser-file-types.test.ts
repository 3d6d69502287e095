/**
 * The browser scripts (playground, widget) carry their own copy of the contacts-file types the server
 * reads as a file (they run in the page and cannot import the server's module): a type the server stopped
 * reading would be a 415 in the browser. Each copy must be the server's list.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { FILE_TYPES } from '../../src/http/playground.ts';

function listIn(path: string): string[] {
  const src = readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
  const m = /const FILE_TYPES = \[([^\]]*)\]/.exec(src);
  assert.ok(m, `${path} declares FILE_TYPES`);
  return [...m[1].matchAll(/'([^']+)'/g)].map((x) => x[1]);
}

test("the playground's and the widget's file types are the server's", () => {
  for (const path of ['src/http/playground/playground.js', 'src/http/widget/widget.js']) {
    assert.deepEqual(listIn(path), [...FILE_TYPES], path);
  }
});
