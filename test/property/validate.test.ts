/**
 * The allocation-free checks of services/validate.ts against their plain definitions, on random JSON:
 * jsonLengthBound never under-counts JSON.stringify(value).length (so the exact length is computed
 * whenever the limit could be passed: checkEntries' verdicts are those of JSON.stringify), and depthOf
 * gives the depth of the recursive definition.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkEntries, depthOf, jsonLengthBound } from '../../src/services/validate.ts';
import { jsonValue, oddText } from '../helpers/arbitraries.ts';

const RUNS = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : 500;
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : 0x6b697468;

const text = oddText;
const json = jsonValue;

/** Depth as first defined (Object.values). */
function depthRef(value: unknown, max: number, depth = 0): number {
  if (depth > max || value === null || typeof value !== 'object') return depth;
  let deepest = depth + 1;
  for (const v of Array.isArray(value) ? value : Object.values(value as object)) {
    deepest = Math.max(deepest, depthRef(v, max, depth + 1));
    if (deepest > max) break;
  }
  return deepest;
}

describe('validate: allocation-free checks match their definitions', () => {
  it('jsonLengthBound(v, budget) >= JSON length whenever it stays within the budget', () => {
    fc.assert(
      fc.property(json, fc.nat({ max: 400 }), (v, budget) => {
        const exact = JSON.stringify(v).length;
        const bound = jsonLengthBound(v, budget);
        // Within the budget the bound is a true bound; past it, it only says "past the budget".
        if (bound <= budget) assert.ok(bound >= exact, `bound ${bound} < exact ${exact}`);
        else assert.ok(bound > budget);
        if (exact > budget) assert.ok(bound > budget, 'a value over the limit is never let through');
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('depthOf equals the recursive definition', () => {
    fc.assert(
      fc.property(json, fc.integer({ min: 0, max: 6 }), (v, max) => assert.equal(depthOf(v, max), depthRef(v, max))),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('checkEntries refuses data over the size limit exactly as JSON.stringify measures it', () => {
    fc.assert(
      fc.property(fc.dictionary(text, json, { maxKeys: 5 }), fc.integer({ min: 2, max: 300 }), (data, maxDataBytes) => {
        const over = JSON.stringify(data).length > maxDataBytes;
        const limits = { maxDataBytes, maxDataDepth: 64 };
        if (over) assert.throws(() => checkEntries([{ data }], limits), /data/);
        else checkEntries([{ data }], limits);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
