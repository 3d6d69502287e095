/**
 * Every thread starts here (thread-boot.mjs): it registers tsx when its module is TypeScript, then loads
 * the module named by `workerData.entry` (threadModule).
 */
export const THREAD_BOOT = new URL('./thread-boot.mjs', import.meta.url);

/**
 * The URL of a module that a thread runs (a book worker, the SQLite upload writer, the indexer), beside
 * the module that starts it. `rel` names the TypeScript source: under tsx (npm start, the CLI, the tests)
 * that file is loaded; in the compiled build (npm run build, dist/) the caller is a .js file, and so is
 * the module to load.
 */
export function threadModule(rel: string, callerUrl: string): string {
  const url = new URL(rel, callerUrl);
  if (callerUrl.endsWith('.js') && url.pathname.endsWith('.ts')) url.pathname = `${url.pathname.slice(0, -3)}.js`;
  return url.href;
}
