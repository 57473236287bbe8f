import {
  BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandInput,
} from '@aws-sdk/client-bedrock-runtime';
import { config } from '../../shared/config';
import { logger } from '../../shared/logger';
import type { AssistantModel } from '../../shared/ports';
import { buildMapRequest, buildPhraseRequest } from './assistant-request';
import { readMapResponse, readPhraseResponse } from './assistant-response';

/**
 * The assistant's model through Bedrock Converse: one module-scoped client, one retry, a 15 s limit so an
 * answer never waits longer than the API allows. Failures are values (null): the template answers.
 * Logs carry the stop reason, tokens and latency, never the question, the reply or a description.
 */
let client: BedrockRuntimeClient | undefined;

function bedrock(): BedrockRuntimeClient {
  client ??= new BedrockRuntimeClient({
    region: config().AWS_REGION,
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
  });
  return client;
}

async function converse(input: ConverseCommandInput): Promise<unknown> {
  try {
    const response = await bedrock().send(new ConverseCommand(input));
    logger.debug('Assistant model reply', {
      modelId: input.modelId,
      stopReason: response.stopReason,
      usage: response.usage,
      latencyMs: response.metrics?.latencyMs,
    });
    return response;
  } catch (error) {
    logger.warn('Assistant model call failed', {
      modelId: input.modelId,
      error: error instanceof Error ? error.name : String(error),
    });
    return null;
  }
}

export function bedrockAssistant(modelId: string): AssistantModel {
  return {
    async phrase(prompt) {
      return readPhraseResponse(await converse(buildPhraseRequest(modelId, prompt)));
    },
    async mapQuestion(question, today) {
      return readMapResponse(await converse(buildMapRequest(modelId, question, today)));
    },
  };
}
