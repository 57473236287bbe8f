import { afterEach, describe, expect, it } from 'vitest';
import { BEDROCK_BATCH_SIZE } from '../../../functions/adapters/bedrock/request';
import { clearRegisteredServices, registerServices, services } from '../../../functions/app/container';
import { resetConfig } from '../../../functions/shared/config';
import type { AiClassifier } from '../../../functions/shared/ports';

const saved = { APP_MODE: process.env.APP_MODE, BEDROCK_MODEL_ID: process.env.BEDROCK_MODEL_ID };

function withEnv(env: { APP_MODE?: string; BEDROCK_MODEL_ID?: string }) {
  for (const key of ['APP_MODE', 'BEDROCK_MODEL_ID'] as const) {
    const value = env[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetConfig();
}

afterEach(() => {
  withEnv(saved);
  clearRegisteredServices();
});

describe('spec 2 §7 AI classification call: which classifier serves each mode', () => {
  it('AWS with BEDROCK_MODEL_ID: the Bedrock classifier', () => {
    withEnv({ APP_MODE: 'aws', BEDROCK_MODEL_ID: 'anthropic.claude-3-haiku-20240307-v1:0' });
    expect(services().aiClassifier?.batchSize).toBe(BEDROCK_BATCH_SIZE);
  });

  it('AWS without a model, and the local twin even with one: no AI (rules and patterns only)', () => {
    withEnv({ APP_MODE: 'aws' });
    expect(services().aiClassifier).toBeNull();
    withEnv({ APP_MODE: 'local', BEDROCK_MODEL_ID: 'anthropic.claude-3-haiku-20240307-v1:0' });
    expect(services().aiClassifier).toBeNull();
  });

  it('tests register a fake, or switch the AI off', () => {
    withEnv({ APP_MODE: 'aws', BEDROCK_MODEL_ID: 'anthropic.claude-3-haiku-20240307-v1:0' });
    const fake: AiClassifier = { batchSize: 2, classify: async (items) => items.map(() => null) };
    registerServices({ aiClassifier: fake });
    expect(services().aiClassifier).toBe(fake);
    registerServices({ aiClassifier: null });
    expect(services().aiClassifier).toBeNull();
  });
});
