/**
 * Progress of a long import on stderr: a bar with rate and ETA on a terminal (cli-progress), plain
 * lines at an interval otherwise (CI logs, files, pipes), nothing with --quiet. stdout stays free for
 * the summary.
 */
import cliProgress from 'cli-progress';

export interface ProgressReporter {
  start(total: number, done: number): void;
  /** `units` more units finished (lines, or entries of a book), `entries` more entries sent. */
  update(units: number, entries: number): void;
  stop(): void;
}

export type ProgressMode = 'bar' | 'plain' | 'none';

/** `1h 02m`, `3m 07s`, `12s`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  const s = Math.round(seconds);
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** Picks the mode: a bar only on an interactive terminal. */
export function progressMode(stream: NodeJS.WriteStream, quiet: boolean): ProgressMode {
  if (quiet) return 'none';
  return stream.isTTY ? 'bar' : 'plain';
}

/** Rate and ETA over what this run did (units recorded by an earlier run do not count towards the rate). */
class Clock {
  private readonly startedAt = Date.now();
  total = 0;
  done = 0;
  private startDone = 0;
  entries = 0;

  begin(total: number, done: number): void {
    this.total = total;
    this.done = done;
    this.startDone = done;
  }

  elapsed(): number {
    return (Date.now() - this.startedAt) / 1000;
  }

  entriesPerSecond(): number {
    const t = this.elapsed();
    return t > 0 ? this.entries / t : 0;
  }

  eta(): number {
    const rate = (this.done - this.startDone) / Math.max(this.elapsed(), 1e-3);
    return rate > 0 ? (this.total - this.done) / rate : Number.NaN;
  }
}

/** Creates the reporter for `mode`; `unit` names what is counted ("lines", "entries"). */
export function createProgress(mode: ProgressMode, unit: string, stream: NodeJS.WriteStream = process.stderr, intervalMs = 5000): ProgressReporter {
  const clock = new Clock();
  if (mode === 'none') {
    return { start: (t, d) => clock.begin(t, d), update: () => {}, stop: () => {} };
  }
  if (mode === 'bar') {
    const bar = new cliProgress.SingleBar(
      {
        stream,
        format: `{bar} {percentage}% | {value}/{total} ${unit} | {entries} entries | {rate} entries/s | ETA {eta_formatted}`,
        hideCursor: true,
        etaBuffer: 50,
        fps: 5,
      },
      cliProgress.Presets.shades_classic,
    );
    return {
      start(total, done) {
        clock.begin(total, done);
        bar.start(total, done, { entries: '0', rate: '0' });
      },
      update(units, entries) {
        clock.done += units;
        clock.entries += entries;
        bar.update(clock.done, { entries: fmt(clock.entries), rate: fmt(clock.entriesPerSecond()) });
      },
      stop() {
        bar.stop();
      },
    };
  }
  let timer: NodeJS.Timeout | undefined;
  const line = (final: boolean) => {
    const pct = clock.total ? ((clock.done / clock.total) * 100).toFixed(1) : '100.0';
    const eta = final ? `elapsed ${formatDuration(clock.elapsed())}` : `ETA ${formatDuration(clock.eta())}`;
    stream.write(
      `progress: ${fmt(clock.done)}/${fmt(clock.total)} ${unit} (${pct}%), ${fmt(clock.entries)} entries sent, ${fmt(clock.entriesPerSecond())} entries/s, ${eta}\n`,
    );
  };
  return {
    start(total, done) {
      clock.begin(total, done);
      line(false);
      timer = setInterval(() => line(false), intervalMs);
      timer.unref();
    },
    update(units, entries) {
      clock.done += units;
      clock.entries += entries;
    },
    stop() {
      if (timer) clearInterval(timer);
      line(true);
    },
  };
}
