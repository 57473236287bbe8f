import { describe, expect, it } from 'vitest';
import {
  AI_MAX_TOKENS,
  aiResultOrFallback,
  buildClassificationPrompt,
  CLASSIFICATION_FALLBACK,
  NO_REASONING,
  parseAiReply,
  validateAiResult,
} from '../../../functions/domain/ai-result';

describe('spec 2 §5 AI result: valid flow type, confidence clamped to 0..1, missing reasoning', () => {
  it.each([
    [
      { flow_type: 'income', confidence: 0.8, reasoning: 'salary' },
      { flow_type: 'income', confidence: 0.8, reasoning: 'salary' },
    ],
    [
      { flow_type: 'internal_transfer', confidence: 1.5, reasoning: 'x' },
      { flow_type: 'internal_transfer', confidence: 1, reasoning: 'x' },
    ],
    [
      { flow_type: 'external_expense', confidence: -0.2, reasoning: 'x' },
      { flow_type: 'external_expense', confidence: 0, reasoning: 'x' },
    ],
    [
      { flow_type: 'income', confidence: 0, reasoning: 'x' },
      { flow_type: 'income', confidence: 0, reasoning: 'x' },
    ],
    [
      { flow_type: 'income', confidence: 1, reasoning: 'x' },
      { flow_type: 'income', confidence: 1, reasoning: 'x' },
    ],
    [
      { flow_type: 'income', confidence: '0.7', reasoning: ' ok ' },
      { flow_type: 'income', confidence: 0.7, reasoning: 'ok' },
    ],
    [
      { flow_type: 'income', confidence: 0.5 },
      { flow_type: 'income', confidence: 0.5, reasoning: NO_REASONING },
    ],
    [
      { flow_type: 'income', confidence: 0.5, reasoning: '  ' },
      { flow_type: 'income', confidence: 0.5, reasoning: 'No reasoning provided' },
    ],
    [{ flow_type: 'income' }, { flow_type: 'income', confidence: 0, reasoning: NO_REASONING }],
  ])('%o → %o', (raw, result) => {
    expect(validateAiResult(raw)).toEqual({ ok: true, result });
  });

  it.each([
    [{ flow_type: 'mortgage_payment', confidence: 0.9 }, 'Invalid flow_type: mortgage_payment'],
    [{ flow_type: 'unclassified' }, 'Invalid flow_type: unclassified'],
    [{ confidence: 0.9 }, 'Invalid flow_type: undefined'],
    [null, 'AI result is not an object'],
    [[1, 2], 'AI result is not an object'],
    ['income', 'AI result is not an object'],
  ])('%o is an error: %s', (raw, error) => {
    expect(validateAiResult(raw)).toEqual({ ok: false, error });
  });
});

describe('spec 2 §7 AI reply: pure JSON text', () => {
  it.each([
    ['{"flow_type":"income","confidence":0.9,"reasoning":"r"}', true],
    ['  {"flow_type":"income","confidence":0.9,"reasoning":"r"}\n', true],
    ['```json\n{"flow_type":"income","confidence":0.9,"reasoning":"r"}\n```', true],
    ['Sure! {"flow_type":"income"}', false],
    ['', false],
    [null, false],
    ['{"flow_type":"salary"}', false],
  ])('%s → ok %s', (text, ok) => {
    expect(parseAiReply(text).ok).toBe(ok);
  });
});

describe('spec 2 §8 classification failure falls back to external_expense 0.1', () => {
  it('uses the exact fallback', () => {
    expect(CLASSIFICATION_FALLBACK).toEqual({
      flow_type: 'external_expense',
      confidence: 0.1,
      reasoning: 'Classification failed - defaulted to external expense',
    });
    expect(aiResultOrFallback('not json')).toEqual(CLASSIFICATION_FALLBACK);
    expect(aiResultOrFallback('{"flow_type":"income","confidence":0.3,"reasoning":"r"}')).toEqual({
      flow_type: 'income',
      confidence: 0.3,
      reasoning: 'r',
    });
  });
});

describe('spec 2 §7 AI call: one user message with description, amount, account name, type and bank', () => {
  it('includes every field, the rules and the JSON instruction', () => {
    const prompt = buildClassificationPrompt({
      description: 'TFR 123',
      amount: 12.5,
      account_name: 'Joint',
      account_type: 'current',
      bank_name: 'Monzo',
    });
    for (const part of [
      'TFR 123',
      '£12.50',
      'Joint',
      'current',
      'Monzo',
      'TFR followed by numbers',
      '"flow_type"',
    ]) {
      expect(prompt).toContain(part);
    }
    expect(buildClassificationPrompt({ description: 'x', amount: 1 })).toContain('Bank name: unknown');
    expect(AI_MAX_TOKENS).toBe(1000);
  });
});
