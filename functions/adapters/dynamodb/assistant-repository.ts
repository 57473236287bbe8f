import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ChatMessage } from '../../contracts/assistant';
import type { AssistantRow } from '../../domain/assistant/queries';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { queryAll } from './paging';
import { TTL_ATTRIBUTE } from './table-definition';

/**
 * What the assistant reads and keeps: a period's rows with only the fields its queries use (one gsi1 range
 * of the family's own partition), each member's last messages (one item per member), and the family's
 * question counter per rate-limit window.
 */
const ROW_FIELDS =
  'id, account_id, transaction_date, description, amount, signed_amount, #t, flow_type, user_corrected_flow_type, primary_category, merchant_name, category_id, subcategory_id, category_confidence';

/**
 * The family's rows between two dates (both included), newest first, with the fields the assistant's queries
 * read; with `limit`, only the newest that many (an answer whose figures come from the roll-ups reads rows
 * only to show some of them); with `flows`, only rows whose stored or corrected flow type is one of them
 * (a superset of those whose effective flow type is: the queries still filter by it).
 */
export async function assistantRows(
  familyId: string,
  from: string,
  to: string,
  limit?: number,
  flows?: readonly string[],
): Promise<AssistantRow[]> {
  const range = keys.familyTransactionsRange(familyId, from, to);
  const flowValues = Object.fromEntries((flows ?? []).map((f, i) => [`:f${i}`, f]));
  const flowList = Object.keys(flowValues).join(', ');
  const items = await queryAll<Record<string, unknown>>(
    {
      TableName: tableName(),
      IndexName: range.index,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo, ...flowValues },
      ExpressionAttributeNames: { '#t': 'type' },
      ProjectionExpression: ROW_FIELDS,
      ScanIndexForward: false,
      ...(flowList
        ? { FilterExpression: `flow_type IN (${flowList}) OR user_corrected_flow_type IN (${flowList})` }
        : {}),
      ...(limit ? { Limit: limit } : {}),
    },
    { limit },
  );
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return items.map((i) => ({
    id: String(i.id),
    account_id: String(i.account_id),
    transaction_date: String(i.transaction_date),
    description: String(i.description ?? ''),
    amount: Number(i.amount),
    signed_amount: typeof i.signed_amount === 'number' ? i.signed_amount : null,
    type: i.type === 'credit' || i.type === 'debit' ? i.type : null,
    flow_type: text(i.flow_type),
    user_corrected_flow_type: text(i.user_corrected_flow_type),
    primary_category: text(i.primary_category),
    merchant_name: text(i.merchant_name),
    category_id: text(i.category_id),
    subcategory_id: text(i.subcategory_id),
    category_confidence: typeof i.category_confidence === 'number' ? i.category_confidence : null,
  }));
}

/** A member's kept messages, oldest first (none yet: empty). */
export async function chatHistory(familyId: string, userId: string): Promise<ChatMessage[]> {
  const out = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.assistantChat(familyId, userId),
      ConsistentRead: true,
    }),
  );
  const messages = out.Item?.messages;
  return typeof messages === 'string' ? (JSON.parse(messages) as ChatMessage[]) : [];
}

/** Store a member's messages (the caller keeps only the last ones). */
export async function saveChatHistory(
  familyId: string,
  userId: string,
  messages: ChatMessage[],
): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.assistantChat(familyId, userId),
        entity: 'assistant_chat',
        updated_at: new Date().toISOString(),
        messages: JSON.stringify(messages),
      },
    }),
  );
}

/**
 * Count one question in the family's window; false when the window already holds `max` (nothing counted).
 * One conditional update, so two questions at once cannot both take the last place.
 */
export async function takeAssistantTurn(
  familyId: string,
  window: string,
  max: number,
  expiresAtSeconds: number,
): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.assistantRate(familyId, window),
        UpdateExpression: 'ADD questions :one SET #ttl = :ttl, entity = :e',
        ConditionExpression: 'attribute_not_exists(questions) OR questions < :max',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':one': 1,
          ':max': max,
          ':ttl': expiresAtSeconds,
          ':e': 'assistant_rate',
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
