/**
 * Default weights of the linear ranker, used until an app has enough invite outcomes to learn its own
 * (and as the prior the learning is pulled toward). ONE set for every app and every data set.
 *
 * Scale: a weight is the score added per unit of its feature (features are 0..1 flags and decays, or
 * log counts), so `frequency` 1.0 means "e times more messages adds 1". The score reads as a log-odds
 * that the owner writes to (or invites) the person soon.
 */
import type { Weights } from './types.ts';

export const DEFAULT_WEIGHTS: Readonly<Weights> = Object.freeze({
  bias: 0,
  frequency: 1,
  sent_recency: 1,
  received_recency: 0.5,
  favorite: 1.5,
  pinned: 1,
  sources: 0.5,
  entries: 0.2,
  completeness: 0.5,
  personal_email: 0.2,
  role_email: -1,
  same_domain: 0.3,
  known_by: 0.2,
  reciprocal: 0,
  reciprocal_frequency: 0.5,
  reciprocal_recency: 0.5,
  app_user: 0,
  invited: 0,
  accepted: 0,
});
