/** Types of the ranker (pure). */
import type { BookSignals, Contact, Owner } from '../types.ts';

/** Feature name -> weight. A missing name weighs 0; 'bias' is the intercept. */
export type Weights = Record<string, number>;

/** Everything the ranker may use beyond the contacts themselves. */
export interface RankContext {
  owner: Owner;
  signals: BookSignals;
  /** Learned weights of the app; DEFAULT_WEIGHTS when absent. */
  weights?: Weights;
  /** Attach per-feature contributions to every row. */
  explain?: boolean;
  /**
   * When the ranking runs (epoch ms): a date more than a day after it is no message date (a device clock
   * gone wrong) and is read as unset. Absent: no such bound (an offline evaluation of old logs).
   */
  now?: number;
}

/** One ranked contact. */
export interface Scored {
  contact: Contact;
  score: number;
  /** Per-feature contribution (weight × value), plus 'bias'; the values sum to `score`. */
  explain?: Record<string, number>;
}
