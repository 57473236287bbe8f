import { describe, expect, it } from 'vitest';
import { readConverseResponse } from '../../../functions/adapters/bedrock/response';
import { NO_REASONING } from '../../../functions/domain/ai-result';
import { recorded, SAMPLE_BATCH } from './sample-batch';

const COUNT = SAMPLE_BATCH.length;
const ANSWERS = [
  {
    flow_type: 'external_expense',
    confidence: 0.9,
    reasoning: 'Card payment through Square to a bakery, a food purchase.',
  },
  {
    flow_type: 'internal_transfer',
    confidence: 0.8,
    reasoning: "Payment from a sort code and account number, likely the family's own account.",
  },
  { flow_type: 'external_expense', confidence: 0.55, reasoning: 'Cheque paid out; the payee is not known.' },
  { flow_type: 'income', confidence: 0.7, reasoning: 'Paym mobile payment received from a person.' },
  {
    flow_type: 'external_expense',
    confidence: 0.9,
    reasoning: 'Bank fee for a foreign currency transaction.',
  },
];
const NONE = Array.from({ length: COUNT }, () => null);

/** A tool-use reply holding `results`, in the recorded shape. */
const toolReply = (results: unknown, stopReason = 'tool_use') => ({
  ...recorded('converse-tool-use.json'),
  output: {
    message: {
      role: 'assistant',
      content: [{ toolUse: { toolUseId: 'tooluse_x', name: 'record_classifications', input: { results } } }],
    },
  },
  stopReason,
});
const textReply = (text: string) => ({
  output: { message: { role: 'assistant', content: [{ text }] } },
  stopReason: 'end_turn',
});

describe('spec 2 §5 AI result: recorded Converse replies, validated per index', () => {
  it('a tool call: one validated answer per index, with the reply’s usage and latency', () => {
    const reading = readConverseResponse(recorded('converse-tool-use.json'), COUNT);
    expect(reading.results).toEqual(ANSWERS);
    expect(reading).toMatchObject({
      problem: null,
      invalid: 0,
      stopReason: 'tool_use',
      usage: { inputTokens: 1187, outputTokens: 263, totalTokens: 1450 },
      latencyMs: 2318,
    });
  });

  it('invalid flow types fail their item; confidence is clamped; missing reasoning is filled in', () => {
    const reading = readConverseResponse(recorded('converse-invalid-items.json'), COUNT);
    expect(reading.results).toEqual([
      null,
      { flow_type: 'internal_transfer', confidence: 1, reasoning: "Payment from the family's own account." },
      { flow_type: 'external_expense', confidence: 0, reasoning: 'Cheque paid out.' },
      { flow_type: 'income', confidence: 0.7, reasoning: NO_REASONING },
      null,
    ]);
    expect(reading.invalid).toBe(2);
    expect(reading.problem).toBeNull();
  });

  it('indexes missing from the reply are failures', () => {
    const reading = readConverseResponse(recorded('converse-missing-indexes.json'), COUNT);
    expect(reading.results).toEqual([ANSWERS[0], null, ANSWERS[2], null, ANSWERS[4]]);
    expect(reading.problem).toBeNull();
  });

  it('a reply cut off at max tokens fails the whole batch, whatever its tool input holds', () => {
    const reading = readConverseResponse(recorded('converse-max-tokens.json'), COUNT);
    expect(reading.results).toEqual(NONE);
    expect(reading.problem).toBe('Reply stopped early: max_tokens');
    expect(reading.usage?.outputTokens).toBe(1000);
  });

  it('a text reply instead of a tool call: pure JSON is accepted, prose fails the batch', () => {
    expect(readConverseResponse(recorded('converse-text-json.json'), COUNT).results).toEqual(ANSWERS);
    const prose = readConverseResponse(recorded('converse-text-only.json'), COUNT);
    expect(prose.results).toEqual(NONE);
    expect(prose.problem).toBe('Reply is neither a tool call nor JSON');
  });

  it.each([
    'guardrail_intervened',
    'content_filtered',
    'malformed_model_output',
    'malformed_tool_use',
    'model_context_window_exceeded',
  ])('a reply that stopped with %s fails the batch', (stopReason) => {
    expect(readConverseResponse(toolReply([], stopReason), COUNT).results).toEqual(NONE);
  });
});

describe('spec 2 §8 Classification: a bad reply is a failure value, never an exception', () => {
  it.each([
    ['null', null],
    ['a string', 'Internal Server Error'],
    ['an array', []],
    ['no output', { stopReason: 'tool_use' }],
    ['no message', { output: {}, stopReason: 'tool_use' }],
    ['content not a list', { output: { message: { content: 'x' } }, stopReason: 'tool_use' }],
    ['empty content', { output: { message: { role: 'assistant', content: [] } }, stopReason: 'end_turn' }],
    ['tool input without results', toolReply(undefined)],
    ['results not a list', toolReply({ 0: ANSWERS[0] })],
    [
      'tool input an unparseable string',
      {
        ...toolReply([]),
        output: {
          message: { content: [{ toolUse: { name: 'record_classifications', input: '{"results": [' } }] },
        },
      },
    ],
  ])('%s: every item null', (_, body) => {
    const reading = readConverseResponse(body, COUNT);
    expect(reading.results).toEqual(NONE);
    expect(reading.problem).toEqual(expect.any(String));
  });

  it('an index outside the batch (numbered from 1) fails every item rather than shifting answers', () => {
    const shifted = ANSWERS.map((a, i) => ({ ...a, index: i + 1 }));
    const reading = readConverseResponse(toolReply(shifted), COUNT);
    expect(reading.results).toEqual(NONE);
    expect(reading.problem).toBe('Reply names index 5 of a batch of 5');
  });

  it('conflicting answers for one index fail it; a repeated identical answer is kept', () => {
    const reading = readConverseResponse(
      toolReply([
        { ...ANSWERS[0], index: 0 },
        { ...ANSWERS[0], index: 0, confidence: 0.5 },
        { ...ANSWERS[1], index: 1 },
        { ...ANSWERS[1], index: 1, flow_type: 'income' },
      ]),
      2,
    );
    expect(reading.results).toEqual([ANSWERS[0], null]);
  });

  it('items without a usable index are invalid; an index written as a string is read', () => {
    const reading = readConverseResponse(
      toolReply([
        { ...ANSWERS[0], index: '0' },
        { ...ANSWERS[1], index: 1.5 },
        { ...ANSWERS[1], index: -1 },
        { ...ANSWERS[1] },
        'income',
      ]),
      2,
    );
    expect(reading.results).toEqual([ANSWERS[0], null]);
    expect(reading.invalid).toBe(4);
  });

  it('tool input sent as a JSON string, and a bare list of results, are read', () => {
    const results = ANSWERS.slice(0, 2).map((a, index) => ({ ...a, index }));
    const asString = {
      output: {
        message: {
          content: [{ toolUse: { name: 'record_classifications', input: JSON.stringify({ results }) } }],
        },
      },
      stopReason: 'tool_use',
    };
    expect(readConverseResponse(asString, 2).results).toEqual(ANSWERS.slice(0, 2));
    expect(readConverseResponse(textReply(JSON.stringify(results)), 2).results).toEqual(ANSWERS.slice(0, 2));
  });

  it('spec 2 §7 single answer (pure JSON with flow_type) is accepted for a batch of one only', () => {
    const single = textReply('{"flow_type": "income", "confidence": 0.85, "reasoning": "Salary"}');
    expect(readConverseResponse(single, 1).results).toEqual([
      { flow_type: 'income', confidence: 0.85, reasoning: 'Salary' },
    ]);
    expect(readConverseResponse(single, 2)).toMatchObject({
      results: [null, null],
      problem: 'Reply has one answer for a batch',
    });
  });
});

describe('the spending category in an answer: a seeded category or nothing', () => {
  const answer = (extra: Record<string, unknown>) => ({
    index: 0,
    flow_type: 'external_expense',
    confidence: 0.8,
    reasoning: 'A card payment at a bakery.',
    ...extra,
  });

  it('keeps a seeded category with its confidence (the answer’s when it gives none)', () => {
    const reading = readConverseResponse(
      toolReply([
        answer({ category: 'eating_out.cafes', category_confidence: 0.75 }),
        { ...answer({ category: 'groceries' }), index: 1 },
      ]),
      2,
    );
    expect(reading.results[0]?.category).toEqual({ category_id: 'eating_out.cafes', confidence: 0.75 });
    expect(reading.results[1]?.category).toEqual({ category_id: 'groceries', confidence: 0.8 });
  });

  it('rejects a category outside the seeded list, keeping the flow type', () => {
    const reading = readConverseResponse(
      toolReply([answer({ category: 'Bakeries', category_confidence: 0.9 })]),
      1,
    );
    expect(reading.results[0]).toMatchObject({ flow_type: 'external_expense', category: null });
    expect(readConverseResponse(toolReply([answer({ category: 42 })]), 1).results[0]?.category).toBeNull();
  });

  it('gives no category for none, uncategorised or no category at all', () => {
    for (const extra of [{ category: 'none' }, { category: 'uncategorised' }, {}]) {
      const [result] = readConverseResponse(toolReply([answer(extra)]), 1).results;
      expect(result).toBeTruthy();
      expect(result).not.toHaveProperty('category');
    }
  });
});
