import { afterEach, describe, expect, it } from 'vitest';
import { clearRegisteredServices, services } from '../../../functions/app/container';
import { resetConfig } from '../../../functions/shared/config';

/** Which classifier Smart Transaction Review's job uses, by mode (the composition root's choice). */
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetConfig();
  clearRegisteredServices();
});

function inMode(env: Record<string, string | undefined>) {
  process.env = { ...saved, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
  resetConfig();
  clearRegisteredServices();
  const factory = services().reviewClassifier;
  return factory ? factory({ patterns: [], corrected: [] }) : null;
}

describe('the review classifier', () => {
  it('is Bedrock in AWS when a model is configured, with the adapter batch size', () => {
    const classifier = inMode({
      APP_MODE: 'aws',
      BEDROCK_MODEL_ID: 'anthropic.claude-3-haiku-20240307-v1:0',
    });
    expect(classifier?.label).toBe('bedrock');
    expect(classifier?.batchSize).toBe(12);
  });

  it('is none in AWS without a model, and none in tests without I/O', () => {
    expect(inMode({ APP_MODE: 'aws', BEDROCK_MODEL_ID: undefined })).toBeNull();
    expect(inMode({ APP_MODE: 'memory' })).toBeNull();
  });

  it("is the twin's local stand-in, one row a call, answering from its evidence", async () => {
    const classifier = inMode({ APP_MODE: 'local' });
    expect(classifier).toMatchObject({ label: 'local', batchSize: 25 });
    const [answer] = await classifier!.classify([
      { description: 'TESCO STORES 2041', amount: 12.5, direction: 'out', account_type: 'current' },
    ]);
    expect(answer).toMatchObject({ flow_type: 'external_expense', confidence: 0.95 });
    expect(answer?.reasoning).toMatch(/^Local classifier:/);
  });
});
