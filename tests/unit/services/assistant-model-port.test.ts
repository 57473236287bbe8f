import { afterEach, describe, expect, it } from 'vitest';
import { clearRegisteredServices, services } from '../../../functions/app/container';
import { resetConfig } from '../../../functions/shared/config';

const KEYS = ['APP_MODE', 'BEDROCK_MODEL_ID', 'ASSISTANT_MODEL_ID'] as const;
type Env = Partial<Record<(typeof KEYS)[number], string>>;
const saved: Env = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

function withEnv(env: Env) {
  for (const key of KEYS) {
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

describe("spec 3 §7 assistant model: its own setting, apart from the classifier's", () => {
  it('AWS with ASSISTANT_MODEL_ID: the Bedrock assistant, whatever the classifier uses', () => {
    withEnv({ APP_MODE: 'aws', ASSISTANT_MODEL_ID: 'eu.anthropic.claude-3-7-sonnet-20250219-v1:0' });
    expect(services().assistantModel).not.toBeNull();
    expect(services().aiClassifier).toBeNull();
  });

  it("the classifier's BEDROCK_MODEL_ID alone does not make an assistant model", () => {
    withEnv({ APP_MODE: 'aws', BEDROCK_MODEL_ID: 'anthropic.claude-3-haiku-20240307-v1:0' });
    expect(services().assistantModel).toBeNull();
    expect(services().aiClassifier).not.toBeNull();
  });

  it('the local twin has none even when one is set: templates word every answer', () => {
    withEnv({ APP_MODE: 'local', ASSISTANT_MODEL_ID: 'eu.anthropic.claude-3-7-sonnet-20250219-v1:0' });
    expect(services().assistantModel).toBeNull();
  });
});
