import { classifyLocally } from '../../domain/local-classifier';
import type { ReviewClassifier, ReviewClassifierFactory } from '../../shared/ports';

/**
 * The twin's LOCAL stand-in for Bedrock behind the AI classifier port: the pure classifier of
 * functions/domain/local-classifier.ts over the family's evidence (learned patterns, corrected rows) and the
 * merchant dictionary. Each item is answered on its own, as the spec's review processes items one by one; the
 * job hands it 25 at a time (no service is called, so a batch is only how often the job writes its progress
 * and the figures follow). An item it has no evidence for is answered null (a failed call for that row: the
 * caller applies the spec's fallback).
 * Registered for the twin only (functions/app/container.ts picks it by mode); never in an AWS bundle's path.
 */
export const localReviewClassifier: ReviewClassifierFactory = (evidence): ReviewClassifier => ({
  label: 'local',
  batchSize: 25,
  async classify(items) {
    return items.map((item) =>
      classifyLocally(
        {
          description: item.description,
          amount: item.amount,
          account_type: item.account_type ?? null,
          direction: item.direction ?? null,
        },
        evidence,
      ),
    );
  },
});
