/**
 * Honest skips. node:test counts skipped *tests* in its summary line, but a skipped describe() never
 * registers its tests, so a suite skipped for a missing server or browser showed as `skipped 0`. Every
 * helper that decides such a skip also registers one skipped test here, so the summary counts it.
 */
import { it } from 'node:test';

/** When `reason` is a string, registers a skipped test named `what` (counted in the summary) and returns it. */
export function countSkip(what: string, reason: string | false): string | false {
  if (reason) it(what, { skip: reason }, () => {});
  return reason;
}
