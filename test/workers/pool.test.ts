/**
 * Which idle worker takes the next job (src/workers/pool.ts idleSlotToUse): the one idle the shortest
 * time, so that jobs arriving one at a time keep one worker's JIT and page cache warm.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { idleSlotToUse } from '../../src/workers/pool.ts';

const idle = { current: null };
const busy = { current: { job: 'x' } };

describe('worker pool: the idle worker to use', () => {
  it('takes the worker that became idle last (slots are kept in the order they became idle)', () => {
    assert.equal(idleSlotToUse([idle, idle, idle]), 2);
    assert.equal(idleSlotToUse([idle, idle, busy]), 1);
    assert.equal(idleSlotToUse([idle, busy, busy]), 0);
  });

  it('answers -1 when every worker is busy, or there is none', () => {
    assert.equal(idleSlotToUse([busy, busy]), -1);
    assert.equal(idleSlotToUse([]), -1);
  });
});
