import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { FeedbackSource } from '../../contracts/feedback';
import { documentClient, tableName } from './client';
import { keys } from './keys';

/** Feedback (spec 1 §3), global (not a family's): one item per message under the FEEDBACK partition. */
export interface FeedbackItem {
  id: string;
  message: string;
  contact_email: string | null;
  source: FeedbackSource;
  submitted_at: string;
  user_agent: string | null;
  url: string | null;
  /** The signed-in user who sent it from the app; null from the landing page. */
  user_id: string | null;
}

export async function putFeedback(item: FeedbackItem): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.feedback(item.id), entity: 'feedback', ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}
