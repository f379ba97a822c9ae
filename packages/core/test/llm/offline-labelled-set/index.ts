import { CIRCUITS } from './circuits';
import { CLIMATE } from './climate';
import { DATA_STRUCTURES } from './data-structures';
import { DIGESTION } from './digestion';
import { EYE } from './eye';
import { GENETICS } from './genetics';
import { HEART } from './heart';
import { IMMUNITY } from './immunity';
import { INFLATION } from './inflation';
import type { LabelledTopic } from './labelled-case';
import { MARKET } from './market';
import { MOTION } from './motion';
import { NETWORKS } from './networks';
import { PLATES } from './plates';
import { ROME } from './rome';
import { SEASONS } from './seasons';
import { SOUND } from './sound';
import { STARS } from './stars';
import { TIDES } from './tides';
import { WATER_CYCLE } from './water-cycle';

export type { AnswerCategory, LabelledCase, LabelledTopic } from './labelled-case';
export { RECALLING_CATEGORIES } from './labelled-case';

/** The topics the offline evaluator's rules were tuned on. */
export const TUNED_TOPICS: readonly LabelledTopic[] = [
  TIDES,
  HEART,
  PLATES,
  MARKET,
  IMMUNITY,
  MOTION,
  SEASONS,
  DIGESTION,
  CIRCUITS,
  GENETICS,
  SOUND,
  CLIMATE,
  EYE,
  INFLATION,
  STARS,
  DATA_STRUCTURES,
];

/** Topics written before tuning and never tuned on: the honest estimate. */
export const HELD_OUT_TOPICS: readonly LabelledTopic[] = [WATER_CYCLE, ROME, NETWORKS];
