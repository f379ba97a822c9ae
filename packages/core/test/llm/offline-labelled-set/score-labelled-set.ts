import { createMemoryStorage, createRecallEngine, defineRecallSet } from '@recall/core';
import { createOfflineLLM } from '@recall/core/offline';
import {
  type AnswerCategory,
  type LabelledCase,
  type LabelledTopic,
  RECALLING_CATEGORIES,
} from './labelled-case';

/** One case as the engine judged it. */
export interface JudgedCase extends LabelledCase {
  topic: string;
  /** The points the engine emitted `recall_point_recalled` for. */
  recalled: string[];
  /** Recalled points the label does not expect (false positives). */
  wrong: string[];
  /** Whether the expected point was missed (a false negative). */
  missed: boolean;
}

/** Precision, recall and F1 of "recalled", counted per (case, point). */
export interface LabelledScore {
  cases: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  f1: number;
  /** Per category: cases, and how many the engine judged as the label says. */
  categories: Record<AnswerCategory, { cases: number; agreed: number }>;
  judged: JudgedCase[];
}

/**
 * Runs every case through the real engine path (`createRecallEngine` + memory storage + the
 * offline model): a fresh session per case, the message sent as the learner's first answer,
 * and the `recall_point_recalled` events read back.
 */
export async function scoreLabelledSet(topics: readonly LabelledTopic[]): Promise<LabelledScore> {
  const judged: JudgedCase[] = [];
  for (const topic of topics) {
    for (const labelled of topic.cases) {
      const recalled = await recalledPoints(topic, labelled.message);
      const expected = RECALLING_CATEGORIES.has(labelled.category) ? labelled.pointId : null;
      judged.push({
        ...labelled,
        topic: topic.name,
        recalled,
        wrong: recalled.filter((pointId) => pointId !== expected),
        missed: expected !== null && !recalled.includes(expected),
      });
    }
  }
  const expectedCount = judged.filter((item) => RECALLING_CATEGORIES.has(item.category)).length;
  const falseNegatives = judged.filter((item) => item.missed).length;
  const truePositives = expectedCount - falseNegatives;
  const falsePositives = judged.reduce((total, item) => total + item.wrong.length, 0);
  const precision = ratio(truePositives, truePositives + falsePositives);
  const recall = ratio(truePositives, expectedCount);
  const categories = {} as LabelledScore['categories'];
  for (const item of judged) {
    const entry = categories[item.category] ?? { cases: 0, agreed: 0 };
    categories[item.category] = entry;
    entry.cases += 1;
    if (!item.missed && item.wrong.length === 0) entry.agreed += 1;
  }
  return {
    cases: judged.length,
    truePositives,
    falsePositives,
    falseNegatives,
    precision,
    recall,
    f1: ratio(2 * precision * recall, precision + recall),
    categories,
    judged,
  };
}

async function recalledPoints(topic: LabelledTopic, message: string): Promise<string[]> {
  const storage = createMemoryStorage();
  const recallSet = defineRecallSet(
    { name: topic.name, points: topic.points.map((point) => ({ ...point })) },
    { now: 0 },
  );
  await storage.saveRecallSet(recallSet);
  const engine = createRecallEngine({ storage, llm: createOfflineLLM() });
  const { sessionId } = await engine.startSession(recallSet.id);
  await engine.whenIdle(sessionId);
  await engine.sendUserMessage(sessionId, message);
  await engine.whenIdle(sessionId);
  const events = await storage.read(sessionId);
  return events.flatMap((event) =>
    event.type === 'recall_point_recalled' ? [event.data.pointId] : [],
  );
}

function ratio(numerator: number, denominator: number): number {
  return denominator === 0 ? 0 : numerator / denominator;
}
