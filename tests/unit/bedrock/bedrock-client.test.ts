import { BedrockRuntimeClient, ConverseCommand, ThrottlingException } from '@aws-sdk/client-bedrock-runtime';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { bedrockClassifier } from '../../../functions/adapters/bedrock/bedrock-client';
import { BEDROCK_BATCH_SIZE, CLASSIFY_TOOL_NAME } from '../../../functions/adapters/bedrock/request';
import { config } from '../../../functions/shared/config';
import { logger } from '../../../functions/shared/logger';
import { recorded, SAMPLE_BATCH } from './sample-batch';

const MODEL = 'anthropic.claude-3-haiku-20240307-v1:0';

/** Converse replies come back as recorded: the SDK's deserialised output. */
const reply = (name: string) => recorded(name);

let send: MockInstance;

beforeEach(() => {
  send = vi.spyOn(BedrockRuntimeClient.prototype, 'send');
});
afterEach(() => {
  vi.restoreAllMocks();
});

const sentInputs = () => send.mock.calls.map(([command]) => (command as ConverseCommand).input);

describe('spec 2 §7 AI classification call through Bedrock Converse (SDK client send replaced)', () => {
  it('sends one Converse command per batch and returns the validated answers in order', async () => {
    send.mockResolvedValue(reply('converse-tool-use.json'));
    const results = await bedrockClassifier(MODEL).classify(SAMPLE_BATCH);
    expect(results.map((r) => r?.flow_type)).toEqual([
      'external_expense',
      'internal_transfer',
      'external_expense',
      'income',
      'external_expense',
    ]);
    expect(send).toHaveBeenCalledTimes(1);
    const [command] = send.mock.calls[0]!;
    expect(command).toBeInstanceOf(ConverseCommand);
    const input = sentInputs()[0]!;
    expect(input.modelId).toBe(MODEL);
    expect(input.toolConfig?.toolChoice).toEqual({ tool: { name: CLASSIFY_TOOL_NAME } });
    expect(input.inferenceConfig).toEqual({ maxTokens: 1000, temperature: 0 });
  });

  it('one module-scoped client, in the configured region, with one retry', async () => {
    send.mockResolvedValue(reply('converse-tool-use.json'));
    await bedrockClassifier(MODEL).classify(SAMPLE_BATCH);
    await bedrockClassifier(MODEL).classify(SAMPLE_BATCH);
    const [first, second] = send.mock.contexts as BedrockRuntimeClient[];
    expect(first).toBeInstanceOf(BedrockRuntimeClient);
    expect(second).toBe(first);
    expect(await first!.config.region()).toBe(config().AWS_REGION);
    expect(await first!.config.maxAttempts()).toBe(2);
  });

  it('splits a longer list into batches of BEDROCK_BATCH_SIZE, one call after another', async () => {
    let running = 0;
    let most = 0;
    send.mockImplementation(async (command) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      const count = (command as ConverseCommand).input.messages?.[0]?.content?.[0]?.text?.match(
        /^index \d+$/gm,
      );
      const results = (count ?? []).map((_, index) => ({
        index,
        flow_type: 'external_expense',
        confidence: 0.7,
        reasoning: 'A purchase.',
      }));
      return {
        ...reply('converse-tool-use.json'),
        output: {
          message: {
            role: 'assistant',
            content: [{ toolUse: { toolUseId: 'tooluse_a', name: CLASSIFY_TOOL_NAME, input: { results } } }],
          },
        },
      };
    });
    const items = Array.from({ length: BEDROCK_BATCH_SIZE + 2 }, (_, i) => ({
      description: `SHOP ${i}`,
      amount: i + 1,
    }));
    const results = await bedrockClassifier(MODEL).classify(items);
    expect(results).toHaveLength(items.length);
    expect(results.every((r) => r?.flow_type === 'external_expense')).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
    expect(sentInputs()[1]?.messages?.[0]?.content?.[0]?.text).toContain('Description: "SHOP 13"');
  });

  it('a recorded reply cut off at max tokens gives nulls, and is logged without transaction text', async () => {
    const warn = vi.spyOn(logger, 'warn');
    send.mockResolvedValue(reply('converse-max-tokens.json'));
    expect(await bedrockClassifier(MODEL).classify(SAMPLE_BATCH)).toEqual([null, null, null, null, null]);
    expect(warn).toHaveBeenCalledWith(
      'AI classification reply incomplete',
      expect.objectContaining({
        stopReason: 'max_tokens',
        answered: 0,
        problem: 'Reply stopped early: max_tokens',
      }),
    );
    const logged = JSON.stringify(warn.mock.calls);
    for (const item of SAMPLE_BATCH) expect(logged).not.toContain(item.description);
    expect(logged).not.toContain('bakery');
  });

  it('partial replies keep their valid answers', async () => {
    send.mockResolvedValue(reply('converse-missing-indexes.json'));
    const results = await bedrockClassifier(MODEL).classify(SAMPLE_BATCH);
    expect(results.map((r) => r?.flow_type ?? null)).toEqual([
      'external_expense',
      null,
      'external_expense',
      null,
      'external_expense',
    ]);
  });
});

describe('spec 2 §8 Classification: a failed Bedrock call fails its batch with nulls, never throws', () => {
  it('ThrottlingException (after the SDK retry) → every item null, logged by name and status', async () => {
    const warn = vi.spyOn(logger, 'warn');
    send.mockRejectedValue(
      new ThrottlingException({
        message: 'Too many requests, please wait before trying again.',
        $metadata: { httpStatusCode: 429, requestId: 'b1f0c7de-2a9e-4c51-9d3a-6e8f7a1b2c3d', attempts: 2 },
      }),
    );
    await expect(bedrockClassifier(MODEL).classify(SAMPLE_BATCH)).resolves.toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(warn).toHaveBeenCalledWith(
      'AI classification call failed',
      expect.objectContaining({ error: 'ThrottlingException', status: 429, items: 5 }),
    );
    const logged = JSON.stringify(warn.mock.calls);
    for (const item of SAMPLE_BATCH) expect(logged).not.toContain(item.description);
  });

  it('a timeout fails only its own batch; the next batch is still asked', async () => {
    send
      .mockRejectedValueOnce(
        Object.assign(new Error('Connection timed out after 20000 ms'), { name: 'TimeoutError' }),
      )
      .mockResolvedValueOnce(reply('converse-tool-use.json'));
    const items = [...Array.from({ length: BEDROCK_BATCH_SIZE }, () => SAMPLE_BATCH[0]!), ...SAMPLE_BATCH];
    const results = await bedrockClassifier(MODEL).classify(items);
    expect(results.slice(0, BEDROCK_BATCH_SIZE).every((r) => r === null)).toBe(true);
    expect(results.slice(BEDROCK_BATCH_SIZE).map((r) => r?.flow_type)).toEqual([
      'external_expense',
      'internal_transfer',
      'external_expense',
      'income',
      'external_expense',
    ]);
  });

  it('a non-Error rejection and an empty list are handled too', async () => {
    send.mockRejectedValue('socket hang up');
    expect(await bedrockClassifier(MODEL).classify(SAMPLE_BATCH.slice(0, 1))).toEqual([null]);
    expect(await bedrockClassifier(MODEL).classify([])).toEqual([]);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
