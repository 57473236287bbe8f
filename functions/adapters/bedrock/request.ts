import type { ConverseCommandInput } from '@aws-sdk/client-bedrock-runtime';
import { AI_MAX_TOKENS } from '../../domain/ai-result';
import { CATEGORIES } from '../../domain/categories';
import { AI_RULE_TABLE } from '../../domain/rule-classifier';
import { CORRECTABLE_FLOW_TYPES } from '../../domain/types';
import type { AiClassificationItem } from '../../shared/ports';

/**
 * The Bedrock Runtime Converse request for one batch of transactions (spec 2 §7 "AI classification call",
 * §5 "Rules given to the AI"). Pure: the SDK call lives in bedrock-client.ts.
 *
 * One user message lists every transaction of the batch (description, amount and direction, account name,
 * account type, bank name) under its index, with the rule table in priority order. The reply is forced
 * through one tool whose input schema is the result list, so the model answers with structured JSON
 * instead of free text. maxTokens is the spec's AI max tokens (1000), temperature 0.
 */

export const CLASSIFY_TOOL_NAME = 'record_classifications';

/**
 * Transactions per call. An answer costs about 55 output tokens (index, flow type, confidence, a reasoning of
 * at most 15 words, a category id and its confidence), so 12 answers stay inside the 1000-token limit.
 */
export const BEDROCK_BATCH_SIZE = 12;

/** Long descriptions are cut: a statement line is rarely longer, and the prompt stays small. */
export const DESCRIPTION_MAX_CHARS = 200;

export const CLASSIFY_TOOL_SCHEMA = {
  type: 'object',
  properties: {
    results: {
      type: 'array',
      description: 'One entry per transaction, identified by its index.',
      items: {
        type: 'object',
        properties: {
          index: { type: 'integer', minimum: 0, description: 'The index of the transaction, as listed.' },
          flow_type: { type: 'string', enum: [...CORRECTABLE_FLOW_TYPES] },
          confidence: { type: 'number', minimum: 0, maximum: 1 },
          reasoning: { type: 'string', description: 'Why, in at most 15 words.' },
          category: {
            type: 'string',
            enum: [...CATEGORIES.map((c) => c.id), 'none'],
            description: 'For spending, the category id from the list; none when unsure or not spending.',
          },
          category_confidence: { type: 'number', minimum: 0, maximum: 1 },
        },
        required: ['index', 'flow_type', 'confidence', 'reasoning'],
      },
    },
  },
  required: ['results'],
};

const FLOW_TYPES_TEXT =
  "Flow types: income (money coming into the family), internal_transfer (money moving between the family's " +
  "own accounts, including paying off the family's own credit card), external_expense (money leaving the family).";

/** The seeded spending categories the model may choose from, as `id (Parent: Name)`, one line. */
export function categoryListText(): string {
  const names = new Map(CATEGORIES.map((c) => [c.id, c.name]));
  return CATEGORIES.map((c) =>
    c.parent_id ? `${c.id} (${names.get(c.parent_id)}: ${c.name})` : `${c.id} (${c.name})`,
  ).join('; ');
}

/** The rule table (spec 2 §5) in priority order, one numbered line each. */
export function ruleTableText(): string {
  return AI_RULE_TABLE.map(
    (r, i) => `${i + 1}. ${r.pattern} → ${r.flow_type} (confidence ${r.confidence.toFixed(2)})`,
  ).join('\n');
}

function amountText(item: AiClassificationItem): string {
  const amount = Number.isFinite(item.amount) ? `£${Math.abs(item.amount).toFixed(2)}` : 'unknown';
  if (item.direction === 'in') return `${amount} (money in)`;
  if (item.direction === 'out') return `${amount} (money out)`;
  return amount;
}

function descriptionText(description: string): string {
  const text = (description ?? '').replace(/\s+/g, ' ').trim().slice(0, DESCRIPTION_MAX_CHARS);
  // Quoted as a JSON string, so a description cannot pass itself off as part of the instructions.
  return JSON.stringify(text);
}

/** The one user message of a batch (spec 2 §7: description, amount, account name, type and bank name). */
export function buildBatchPrompt(items: readonly AiClassificationItem[]): string {
  const transactions = items.map((item, index) =>
    [
      `index ${index}`,
      `  Description: ${descriptionText(item.description)}`,
      `  Amount: ${amountText(item)}`,
      `  Account name: ${item.account_name ?? 'unknown'}`,
      `  Account type: ${item.account_type ?? 'unknown'}`,
      `  Bank name: ${item.bank_name ?? 'unknown'}`,
    ].join('\n'),
  );
  const last = items.length - 1;
  return [
    `Classify each of these ${items.length} UK bank transactions for a family finance app.`,
    '',
    FLOW_TYPES_TEXT,
    'Rules, in priority order (the first rule that fits decides):',
    ruleTableText(),
    '',
    'Spending categories (for money the family spends; the most specific that fits, else none):',
    categoryListText(),
    '',
    'Transactions:',
    ...transactions,
    '',
    `Call the ${CLASSIFY_TOOL_NAME} tool once, with one result for every index from 0 to ${last}: ` +
      'flow_type, confidence between 0 and 1, reasoning in at most 15 words, and for spending a category ' +
      'id from the list with its category_confidence (none when unsure).',
  ].join('\n');
}

/** The Converse request for one batch (at most BEDROCK_BATCH_SIZE items; the client splits longer lists). */
export function buildConverseRequest(
  modelId: string,
  items: readonly AiClassificationItem[],
): ConverseCommandInput {
  return {
    modelId,
    messages: [{ role: 'user', content: [{ text: buildBatchPrompt(items) }] }],
    inferenceConfig: { maxTokens: AI_MAX_TOKENS, temperature: 0 },
    toolConfig: {
      tools: [
        {
          toolSpec: {
            name: CLASSIFY_TOOL_NAME,
            description: 'Record the flow type of each listed bank transaction.',
            inputSchema: { json: CLASSIFY_TOOL_SCHEMA },
          },
        },
      ],
      toolChoice: { tool: { name: CLASSIFY_TOOL_NAME } },
    },
  };
}
