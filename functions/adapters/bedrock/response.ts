import { parseAiReply, validateAiResult } from '../../domain/ai-result';
import type { AiClassificationResult } from '../../domain/types';
import { CLASSIFY_TOOL_NAME } from './request';

/**
 * Reading a Converse reply to a batch (spec 2 §5 "AI result"). Pure, and never throws: the reply is
 * `unknown` because a malformed body is one of the cases.
 *
 * Per requested index, the item is checked by the domain's validateAiResult: flow_type must be income,
 * internal_transfer or external_expense (else that item fails), confidence is clamped to 0..1, missing
 * reasoning becomes 'No reasoning provided', and a spending category outside the seeded list is rejected
 * (category null; the flow type stands). An index that is not answered, or answered with conflicting
 * flow types, fails. The whole batch fails when the reply was cut short (stopReason max_tokens), stopped
 * for another reason than a finished answer (guardrail, content filter, malformed output), holds neither a
 * tool call nor a text reply that is pure JSON, or names an index outside the batch (the model numbered
 * the list differently, so no answer can be trusted to belong to its row).
 */

export interface BatchReading {
  /** One entry per requested index: the validated result, or null when that item failed. */
  results: Array<AiClassificationResult | null>;
  /** Why the whole reply was rejected (no transaction data in it), or null. */
  problem: string | null;
  /** Items in the reply that failed validation. */
  invalid: number;
  /** What the reply says about itself, for logs: why it stopped, tokens used, latency. */
  stopReason?: string;
  usage?: { inputTokens?: number; outputTokens?: number; totalTokens?: number };
  latencyMs?: number;
}

/** Stop reasons of a finished answer: a tool call, or (from a model that ignored the tool) a text reply. */
const FINISHED = new Set(['tool_use', 'end_turn', 'stop_sequence']);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function parseJson(text: string): unknown {
  const body = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function toIndex(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
}

function contentBlocks(response: Record<string, unknown>): unknown[] | null {
  const output = response.output;
  const message = isRecord(output) ? output.message : undefined;
  const content = isRecord(message) ? message.content : undefined;
  return Array.isArray(content) ? content : null;
}

/** The tool's input (the named tool first, else any tool call), or undefined when there is no tool call. */
function toolInput(blocks: readonly unknown[]): unknown {
  const calls = blocks.flatMap((b) => (isRecord(b) && isRecord(b.toolUse) ? [b.toolUse] : []));
  const call = calls.find((c) => c.name === CLASSIFY_TOOL_NAME) ?? calls[0];
  if (!call) return undefined;
  return typeof call.input === 'string' ? parseJson(call.input) : call.input;
}

function replyText(blocks: readonly unknown[]): string {
  return blocks
    .map((b) => (isRecord(b) && typeof b.text === 'string' ? b.text : ''))
    .join('')
    .trim();
}

/** Reads a Converse reply to a batch of `count` transactions. */
export function readConverseResponse(response: unknown, count: number): BatchReading {
  const meta = replyMeta(response);
  const failed = (problem: string): BatchReading => ({
    results: Array.from({ length: count }, () => null),
    problem,
    invalid: 0,
    ...meta,
  });
  if (!isRecord(response)) return failed('Reply is not an object');
  const stop = response.stopReason;
  if (typeof stop === 'string' && !FINISHED.has(stop)) return failed(`Reply stopped early: ${stop}`);
  const blocks = contentBlocks(response);
  if (!blocks) return failed('Reply has no message content');

  let payload = toolInput(blocks);
  if (payload === undefined) {
    const text = replyText(blocks);
    // A single transaction may be answered the spec's way: text that is pure JSON with flow_type.
    const single = parseAiReply(text);
    if (single.ok) {
      if (count !== 1) return failed('Reply has one answer for a batch');
      return { results: [single.result], problem: null, invalid: 0, ...meta };
    }
    payload = text ? parseJson(text) : undefined;
    if (payload === undefined) return failed('Reply is neither a tool call nor JSON');
  }
  const items = Array.isArray(payload) ? payload : isRecord(payload) ? payload.results : undefined;
  if (!Array.isArray(items)) return failed('Reply has no results list');

  const results: Array<AiClassificationResult | null> = Array.from({ length: count }, () => null);
  const conflicting = new Set<number>();
  let invalid = 0;
  for (const item of items) {
    const index = isRecord(item) ? toIndex(item.index) : null;
    if (index !== null && index >= count) return failed(`Reply names index ${index} of a batch of ${count}`);
    const checked = validateAiResult(item);
    if (index === null || !checked.ok) {
      invalid++;
      continue;
    }
    const earlier = results[index];
    if (earlier && earlier.flow_type !== checked.result.flow_type) conflicting.add(index);
    if (!earlier) results[index] = checked.result;
  }
  for (const index of conflicting) results[index] = null;
  return { results, problem: null, invalid, ...meta };
}

function replyMeta(response: unknown): Pick<BatchReading, 'stopReason' | 'usage' | 'latencyMs'> {
  if (!isRecord(response)) return {};
  const { stopReason, usage, metrics } = response;
  const tokens = (key: string) =>
    isRecord(usage) && typeof usage[key] === 'number' ? { [key]: usage[key] } : {};
  const latencyMs = isRecord(metrics) ? metrics.latencyMs : undefined;
  return {
    ...(typeof stopReason === 'string' ? { stopReason } : {}),
    ...(isRecord(usage)
      ? { usage: { ...tokens('inputTokens'), ...tokens('outputTokens'), ...tokens('totalTokens') } }
      : {}),
    ...(typeof latencyMs === 'number' ? { latencyMs } : {}),
  };
}
