/**
 * Where `npm run eval:clean` finds its labelled data sets, and what it says when it finds none.
 *
 * The data sets (the ranking evaluation books: public mail logs turned into address books, see
 * docs/ranking.md, "The evaluation data") are not in the repository. Without `--datasets DIR` the script
 * looks in the folders kept beside the checkout in this project's own set-up; a clone has none, and the
 * data-set sections used to be left out without a word. They are still left out (the named-people set
 * and the generated sections need no data), but the report says so, and why, on its first lines.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

export interface Datasets {
  /** The folder read (null when none was found). */
  dir: string | null;
  /** Its `.jsonl` files, sorted (full paths). */
  files: string[];
  /** Why the data-set sections are skipped, as a line of the report; null when they run. */
  skipped: string | null;
}

const HOW =
  'the evaluation books are not in the repository: build them from the public mail logs (KONECT "radoslaw_email", ' +
  'SNAP "email-Eu-core-temporal", department 3) in the format of docs/ranking.md ("The evaluation data") and pass --datasets DIR';

/** The `.jsonl` files of `dir`, sorted; [] when it is no folder. */
function jsonlFiles(dir: string): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => resolve(dir, f));
}

/**
 * The data sets to score: those of `given` (the --datasets option), else of the first of `defaults`
 * that exists. A folder given that holds no `.jsonl` file is an error (thrown): it was asked for.
 */
export function findDatasets(given: string | undefined, defaults: string[]): Datasets {
  if (given !== undefined) {
    const dir = resolve(given);
    const files = jsonlFiles(dir);
    if (files.length === 0) throw new Error(`--datasets ${given}: ${existsSync(dir) ? 'holds no .jsonl file' : 'no such folder'} (${HOW})`);
    return { dir, files, skipped: null };
  }
  const dir = defaults.map((d) => resolve(d)).find((d) => existsSync(d)) ?? null;
  const files = dir === null ? [] : jsonlFiles(dir);
  if (files.length > 0) return { dir, files, skipped: null };
  const where = defaults.map((d) => resolve(d)).join(' or ');
  return {
    dir,
    files,
    skipped: `# data-set sections skipped: no .jsonl data set in ${where} (${HOW}); the named-people set and the generated sections below need no data and run`,
  };
}

/** `--name=value` and `--name value` options (a `--flag` followed by another option or nothing is "1"). */
export function optionsOf(argv: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) continue;
    const eq = a.indexOf('=');
    if (eq !== -1) out.set(a.slice(2, eq), a.slice(eq + 1));
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) out.set(a.slice(2), argv[++i]);
    else out.set(a.slice(2), '1');
  }
  return out;
}
