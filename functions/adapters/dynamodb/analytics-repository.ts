import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AnalyticsEvent } from '../../contracts/analytics';
import type { ReportEventWithMeasures } from '../../domain/analytics-report';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';

/**
 * Landing analytics events, one item each under the day's partition (ANALYTICS#YYYY-MM-DD), kept 400 days.
 * What is stored is the contract's fields, the random visitor id and the time: no address, no user agent,
 * no e-mail.
 */
export const ANALYTICS_RETENTION_DAYS = 400;

export interface StoredEvent extends AnalyticsEvent {
  id: string;
  visitor_id: string;
  at: string;
}

export async function putEvents(events: StoredEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += 25) {
    let requests: Record<string, unknown>[] = events.slice(i, i + 25).map((e) => ({
      PutRequest: {
        Item: {
          ...keys.analyticsEvent(e.at.slice(0, 10), e.id),
          entity: 'analytics_event',
          ...e,
          [TTL_ATTRIBUTE]: Math.floor(Date.parse(e.at) / 1000) + ANALYTICS_RETENTION_DAYS * 86_400,
        },
      },
    }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 5) throw new Error('Analytics events could not all be written');
      const out = await documentClient().send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: requests as never } }),
      );
      requests = (out.UnprocessedItems?.[tableName()] ?? []) as Record<string, unknown>[];
      if (requests.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
}

/** Every event of one day (YYYY-MM-DD), page by page. */
export async function eventsOfDay(day: string): Promise<ReportEventWithMeasures[]> {
  const out: ReportEventWithMeasures[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.analyticsDay(day).pk },
        ProjectionExpression: '#type, visitor_id, #at, test, variant, #depth, seconds',
        ExpressionAttributeNames: { '#type': 'type', '#at': 'at', '#depth': 'depth' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) out.push(item as ReportEventWithMeasures);
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}
