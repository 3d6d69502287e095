/**
 * Scheduling priority of the threads that run big or background work (book workers, the SQLite upload
 * writer they start, the key indexer), below the event loop's. On a machine whose cores are all busy
 * (a 50,000-entry upload being cleaned and ranked, its index written, the database writing it), a small
 * request's turn on a core then comes first: the event loop answers it in a few milliseconds instead of
 * waiting out the big job's time slices. Nothing is starved: a lower priority is a smaller share of a
 * contended core, and no share at all is lost on an idle one.
 *
 * Linux only: there a thread's nice value is its own (setpriority on the calling thread). Elsewhere
 * (macOS applies it to the whole process, the event loop included) nothing is changed.
 */
import { setPriority } from 'node:os';

/** The nice value of those threads (the event loop keeps the process's own, usually 0). */
export const BACKGROUND_NICE = 10;

/** Lowers the calling thread's priority to BACKGROUND_NICE (Linux; never raises it, never throws). */
export function lowerThreadPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(BACKGROUND_NICE);
  } catch {
    /* not allowed (a sandbox): the thread keeps the process's priority */
  }
}
