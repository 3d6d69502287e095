/**
 * Moving bytes between threads. It sits below both storage (its SQLite writer thread) and the book
 * workers, which both hand buffers to other threads.
 */

/**
 * The list to transfer with a message carrying `bytes`: its memory moves to the other thread instead of
 * being copied, when it is a whole ArrayBuffer of its own (small Buffers share Node's pool: those are copied).
 */
export function transferList(bytes: Uint8Array): ArrayBuffer[] {
  const b = bytes.buffer;
  return b instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === b.byteLength ? [b] : [];
}
