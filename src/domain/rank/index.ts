/** The ranker: pure functions from a cleaned, merged book and the app's signals to an ordered list. */
export type { RankContext, Scored, Weights } from './types.ts';
export type { BookStats, FeatureName, FeatureParams } from './features.ts';
export { DEFAULT_FEATURE_PARAMS, FEATURE_NAMES, OUTCOME_FEATURES, bookStatsOf, featuresOf } from './features.ts';
export { DEFAULT_WEIGHTS } from './weights.ts';
export { rankContacts, scoreFeatures } from './score.ts';
export { MIN_SAMPLES, trainWeights } from './train.ts';
export type { TrainOptions, TrainSample } from './train.ts';
