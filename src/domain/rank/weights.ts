/**
 * Default weights of the linear ranker, used until an app has enough invite outcomes to learn its own
 * (and the prior the learning is pulled toward). ONE set for every app and every data set.
 *
 * Scale: a weight is the score added per unit of its feature (0/1 flags, 0..1 decays, log counts);
 * `frequency` is the unit: 1.0 per e-fold of messages sent. Reading the score as log-odds, a favourite is
 * worth ~4.5× the messages, a role address (info@) divides by ~e.
 *
 * How they were chosen: the mail-log weights (frequency, recencies, staleness, reciprocal_*) on a coarse
 * grid of round values, maximising the worst margin over the README baselines on both shared sets and
 * both degraded runs at once (eval/rank.ts). The marks the logs cannot show (favorite, pinned, sources,
 * completeness, address kind, same domain) are set by judgement to sizes comparable with a few-fold
 * change in messages; learning per app (train.ts) corrects them.
 */
import type { Weights } from './types.ts';

export const DEFAULT_WEIGHTS: Readonly<Weights> = Object.freeze({
  /** Intercept: irrelevant to the order, learned for calibration only. */
  bias: 0,
  frequency: 1,
  sent_recency: 1.5,
  received_recency: 0.5,
  /** Negative and smaller than `frequency` in size, so more messages never lower a score (see features.ts). */
  staleness: -0.5,
  favorite: 1.5,
  pinned: 1,
  sources: 0.5,
  entries: 0.2,
  completeness: 0.5,
  personal_email: 0.2,
  role_email: -1,
  same_domain: 0.3,
  /**
   * 0 by default: on both real logs, how many colleagues know a person says nothing about whom this owner
   * writes to (+0.05 already costs MAP). Kept as a feature for learning: for invites it may well matter.
   */
  known_by: 0,
  /** The person's own book holds the owner: they know the owner back. */
  reciprocal: 0.1,
  reciprocal_frequency: 0.2,
  reciprocal_recency: 0.05,
  /** Outcome marks: placement of app users and invitees is the options' job (promote/filter), not the score's. */
  app_user: 0,
  invited: 0,
  accepted: 0,
});
