import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import type { AiClassificationResult } from '../../domain/types';
import { config } from '../../shared/config';
import { logger } from '../../shared/logger';
import type { AiClassificationItem, AiClassifier } from '../../shared/ports';
import { BEDROCK_BATCH_SIZE, buildConverseRequest } from './request';
import { readConverseResponse } from './response';

/**
 * The thin Bedrock wrapper: one Converse call per batch, one module-scoped client. Throttling and
 * transient errors get one retry (maxAttempts 2, the SDK's backoff); a call that still fails, or times out,
 * fails its whole batch: every item is null and the caller falls back. Nothing here throws.
 * Logs carry counts, tokens and latency, never a description or the model's reasoning.
 */
let client: BedrockRuntimeClient | undefined;

function bedrock(): BedrockRuntimeClient {
  client ??= new BedrockRuntimeClient({
    region: config().AWS_REGION,
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 20_000 },
  });
  return client;
}

function errorSummary(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  const metadata = '$metadata' in error ? error.$metadata : undefined;
  const status =
    typeof metadata === 'object' && metadata !== null && 'httpStatusCode' in metadata
      ? metadata.httpStatusCode
      : undefined;
  return { error: error.name, message: error.message, ...(typeof status === 'number' ? { status } : {}) };
}

async function classifyBatch(
  modelId: string,
  items: readonly AiClassificationItem[],
): Promise<Array<AiClassificationResult | null>> {
  let response: unknown;
  try {
    response = await bedrock().send(new ConverseCommand(buildConverseRequest(modelId, items)));
  } catch (error) {
    logger.warn('AI classification call failed', { modelId, items: items.length, ...errorSummary(error) });
    return items.map(() => null);
  }
  const reading = readConverseResponse(response, items.length);
  const answered = reading.results.filter(Boolean).length;
  const details = {
    modelId,
    items: items.length,
    answered,
    invalid: reading.invalid,
    stopReason: reading.stopReason,
    usage: reading.usage,
    latencyMs: reading.latencyMs,
  };
  if (reading.problem || answered < items.length) {
    logger.warn('AI classification reply incomplete', { ...details, problem: reading.problem });
  } else {
    logger.debug('AI classification reply', details);
  }
  return reading.results;
}

/** The AI classifier port served by a Bedrock model (BEDROCK_MODEL_ID), through the Converse API. */
export function bedrockClassifier(modelId: string): AiClassifier {
  return {
    batchSize: BEDROCK_BATCH_SIZE,
    async classify(items) {
      const results: Array<AiClassificationResult | null> = [];
      for (let start = 0; start < items.length; start += BEDROCK_BATCH_SIZE) {
        results.push(...(await classifyBatch(modelId, items.slice(start, start + BEDROCK_BATCH_SIZE))));
      }
      return results;
    },
  };
}
