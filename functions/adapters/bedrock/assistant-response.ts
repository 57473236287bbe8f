import { INTENT_FLOWS, INTENT_KINDS, type Intent, LARGEST_MAX } from '../../domain/assistant/intents';
import { isIsoDate } from '../../domain/dates';
import { MAP_TOOL_NAME } from './assistant-request';

/**
 * Reading the assistant's Converse replies. Pure, never throws (a malformed reply is one of the cases).
 * A phrasing reply counts only when it finished (end_turn or stop_sequence) with some text; anything else is
 * null and the template answers. A mapping reply counts only as a call of map_question whose kind is one of
 * the app's and whose dates, when given, are real and in order.
 */
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function blocks(response: unknown): unknown[] {
  if (!isRecord(response)) return [];
  const message = isRecord(response.output) ? response.output.message : undefined;
  const content = isRecord(message) ? message.content : undefined;
  return Array.isArray(content) ? content : [];
}

export function readPhraseResponse(response: unknown): string | null {
  if (!isRecord(response)) return null;
  const stop = response.stopReason;
  if (stop !== 'end_turn' && stop !== 'stop_sequence') return null;
  const text = blocks(response)
    .map((b) => (isRecord(b) && typeof b.text === 'string' ? b.text : ''))
    .join('')
    .trim();
  return text || null;
}

const shortText = (v: unknown) =>
  typeof v === 'string' && v.trim() && v.trim().length <= 60 ? v.trim() : undefined;

export function readMapResponse(response: unknown): Intent | null {
  const call = blocks(response)
    .flatMap((b) => (isRecord(b) && isRecord(b.toolUse) ? [b.toolUse] : []))
    .find((c) => c.name === MAP_TOOL_NAME);
  const input = call && isRecord(call.input) ? call.input : null;
  if (!input) return null;
  const kind = INTENT_KINDS.find((k) => k === input.kind);
  if (!kind) return null;
  const { start, end } = input;
  const period =
    typeof start === 'string' && typeof end === 'string' && isIsoDate(start) && isIsoDate(end) && start <= end
      ? { start, end, label: `${start} to ${end}`, phrase: '', month: false }
      : null;
  const category = shortText(input.category);
  const merchant = shortText(input.merchant);
  const flow = INTENT_FLOWS.find((f) => f === input.flow);
  const limit =
    typeof input.limit === 'number' && Number.isInteger(input.limit)
      ? Math.min(Math.max(input.limit, 1), LARGEST_MAX)
      : undefined;
  if (kind === 'category_trend' && !category) return null;
  if (kind === 'merchant_total' && !merchant) return null;
  return {
    kind,
    period,
    ...(category ? { category } : {}),
    ...(merchant ? { merchant } : {}),
    ...(flow ? { flow } : {}),
    ...(limit ? { limit } : {}),
  };
}
