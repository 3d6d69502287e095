/** Plain-text tables of the evaluation. */
import { BOOTSTRAP_DRAWS, BOOTSTRAP_SEED, bootstrapMean, formatInterval } from './bootstrap.ts';
import { RUN_TITLES } from './dataset.ts';
import { SINGLE_SIGNALS } from './baselines.ts';
import type { Row, RunResult } from './evaluate.ts';
import { METRIC_NAMES, METRIC_TITLES } from './metrics.ts';

const SYSTEM_TITLES: Record<string, string> = {
  kith: 'Kith',
  times_contacted: 'by times_contacted',
  last_sent: 'by last sent date',
  last_received: 'by last received date',
  blend: 'plain blend (issue #12)',
};

function table(rows: Row[]): string {
  const head = ['system'.padEnd(24), ...METRIC_NAMES.map((m) => METRIC_TITLES[m].padStart(8))].join(' ');
  const lines = rows.map((r) => [(SYSTEM_TITLES[r.system] ?? r.system).padEnd(24), ...METRIC_NAMES.map((m) => r.metrics[m].toFixed(3).padStart(8))].join(' '));
  return [head, ...lines].join('\n');
}

/** MAP@10 of "a frequency+recency blend tuned on this set", from ../shared/datasets/README.md (by `dataset` field). */
const README_TUNED_BLEND: Record<string, number> = { radoslaw: 0.844, eu: 0.672 };
/** The README's single-signal baselines (full books), to check that this eval reproduces them. */
const README_BASELINES: Record<string, Record<string, number>> = {
  radoslaw: { times_contacted: 0.834, last_sent: 0.717 },
  eu: { times_contacted: 0.63, last_sent: 0.586 },
};

/** The report of one set: every run, per cutoff and overall, with a verdict against the best baseline. */
export function formatReport(name: string, results: RunResult[], dataset?: string): string {
  const out: string[] = [`# ${name}`];
  for (const r of results) {
    out.push('', `## ${r.run}: ${RUN_TITLES[r.run]}`);
    for (const c of r.cutoffs) out.push('', `cutoff ${c.cutoff} (${c.books} books scored of ${c.loaded} loaded)`, table(c.rows));
    const books = r.cutoffs.reduce((a, c) => a + c.books, 0);
    const loaded = r.cutoffs.reduce((a, c) => a + c.loaded, 0);
    out.push('', `overall (${books} books scored of ${loaded} loaded)`, table(r.overall));
    const kith = r.overall.find((x) => x.system === 'kith')!;
    out.push(
      `people written to next, absent from Kith's whole list: ${r.absent} of ${r.relevant}${r.absentExamples.length ? ` (e.g. ${r.absentExamples.join(', ')})` : ''}`,
    );
    const best = r.overall.filter((x) => SINGLE_SIGNALS.has(x.system)).sort((a, b) => b.metrics.map10 - a.metrics.map10)[0];
    if (best) {
      const d = kith.metrics.map10 - best.metrics.map10;
      out.push(
        `MAP@10 Kith ${kith.metrics.map10.toFixed(3)} vs best single signal (${SYSTEM_TITLES[best.system]}) ${best.metrics.map10.toFixed(3)}: ${d >= 0 ? '+' : ''}${d.toFixed(3)}`,
      );
      // Paired over books: the same books ranked both ways, so book difficulty cancels out.
      const diffs = r.books.map((b) => b.map10.kith - (b.map10[best.system] ?? 0));
      const byBook = bootstrapMean(diffs);
      const byUser = bootstrapMean(
        diffs,
        r.books.map((b) => b.user),
      );
      out.push(
        `  95% bootstrap CI of the difference (${BOOTSTRAP_DRAWS} draws, seed ${BOOTSTRAP_SEED}): books resampled ${formatInterval(byBook)}` +
          ` (P<=0 ${byBook.pNotBetter.toFixed(3)}); users resampled ${formatInterval(byUser)} (P<=0 ${byUser.pNotBetter.toFixed(3)})`,
      );
    }
    const plain = r.overall.find((x) => x.system === 'blend');
    if (plain) {
      const diffs = r.books.map((b) => b.map10.kith - (b.map10.blend ?? 0));
      out.push(`MAP@10 Kith minus the plain blend: ${formatInterval(bootstrapMean(diffs))} (95% CI, books resampled)`);
    }
    const readme = dataset === undefined ? undefined : README_BASELINES[dataset];
    if (r.run === 'full' && readme) {
      const parts = Object.entries(readme).map(([sys, v]) => {
        const got = r.overall.find((x) => x.system === sys)?.metrics.map10;
        return `${sys} ${got === undefined ? '-' : got.toFixed(3)} (README ${v.toFixed(3)})`;
      });
      out.push(`baselines vs the dataset README: ${parts.join(', ')}`);
    }
    const blend = dataset === undefined ? undefined : README_TUNED_BLEND[dataset];
    if (r.run === 'full' && blend !== undefined) {
      const d = kith.metrics.map10 - blend;
      out.push(`MAP@10 Kith ${kith.metrics.map10.toFixed(4)} vs README tuned blend ${blend.toFixed(3)}: ${d >= 0 ? '+' : ''}${d.toFixed(4)}`);
    }
  }
  return out.join('\n');
}
