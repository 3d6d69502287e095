/**
 * Which idle worker takes the next job (src/workers/pool.ts idleSlotToUse): the one idle the longest, so
 * that work (and each thread's JIT) spreads over every worker.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { idleSlotToUse } from '../../src/workers/pool.ts';

const idle = { current: null };
const busy = { current: { job: 'x' } };

describe('worker pool: the idle worker to use', () => {
  it('takes the worker idle the longest (slots are kept in the order they became idle)', () => {
    assert.equal(idleSlotToUse([idle, idle, idle]), 0);
    assert.equal(idleSlotToUse([busy, idle, idle]), 1);
    assert.equal(idleSlotToUse([busy, busy, idle]), 2);
  });

  it('answers -1 when every worker is busy, or there is none', () => {
    assert.equal(idleSlotToUse([busy, busy]), -1);
    assert.equal(idleSlotToUse([]), -1);
  });
});
