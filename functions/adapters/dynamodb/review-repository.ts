import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ClassificationJob } from '../../contracts/review';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { type TransactionItem, transactionKey } from './transaction-repository';

/**
 * The review tools' writes: the family's classification job (one item per family: its state, progress and
 * the lease of the worker running it), a reviewed row's classification, and the deletion of bad rows.
 */

/** The stored job: the API's fields and the worker's lease (who runs it, until when). */
export interface StoredJob extends ClassificationJob {
  lease_owner: string | null;
  /** ISO time; the worker renews it after every batch. A job whose lease ran out has no live worker. */
  lease_until: string;
}

const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

export async function getJob(familyId: string): Promise<StoredJob | null> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.classificationJob(familyId), ConsistentRead: true }),
  );
  return (out.Item as StoredJob | undefined) ?? null;
}

/** Write a new job unless one is running (one job per family); false when one is. */
export async function putJobUnlessRunning(familyId: string, job: StoredJob): Promise<boolean> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.classificationJob(familyId), entity: 'job', ...job },
        ConditionExpression: 'attribute_not_exists(pk) OR #s <> :running',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':running': 'running' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The lease holder of a job whose worker is being started: the first worker to come takes it over. */
export const STARTING = 'starting';

/**
 * When a lease may be taken: `ran-out` only when no one holds it (reserving the job for a worker about to
 * be started, so that the polls in between start no other); `ran-out-or-ours` also when the taker holds it
 * already or it is reserved for a starting worker (a worker taking its job).
 */
export type LeaseTaking = 'ran-out' | 'ran-out-or-ours';

const LEASE_CONDITIONS: Record<LeaseTaking, { expression: string; values: Record<string, string> }> = {
  'ran-out': { expression: 'lease_until < :now', values: {} },
  'ran-out-or-ours': {
    expression: '(lease_until < :now OR lease_owner = :me OR lease_owner = :starting)',
    values: { ':starting': STARTING },
  },
};

/**
 * Take the running job's lease for `holder` (a worker, or STARTING to reserve it) for `seconds`, when
 * `taking` allows; false when it does not (another worker holds it, one is starting, or the job ended or was
 * replaced).
 */
export async function takeJobLease(
  familyId: string,
  jobId: string,
  holder: string,
  now: Date,
  seconds: number,
  taking: LeaseTaking,
): Promise<boolean> {
  const condition = LEASE_CONDITIONS[taking];
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.classificationJob(familyId),
        UpdateExpression: 'SET lease_owner = :me, lease_until = :until',
        ConditionExpression: `id = :id AND #s = :running AND ${condition.expression}`,
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':me': holder,
          ...condition.values,
          ':id': jobId,
          ':running': 'running',
          ':now': now.toISOString(),
          ':until': new Date(now.getTime() + seconds * 1000).toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

type JobUpdate = Partial<Omit<StoredJob, 'id'>>;

/** Update the job as its lease holder; false when the lease is no longer `owner`'s (stop working). */
export async function updateJob(
  familyId: string,
  jobId: string,
  owner: string,
  update: JobUpdate,
): Promise<boolean> {
  const entries = Object.entries(update).filter(([, v]) => v !== undefined);
  if (!entries.length) return true;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':me': owner, ':id': jobId };
  const sets = entries.map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.classificationJob(familyId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'id = :id AND lease_owner = :me',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

type RowRef = Pick<TransactionItem, 'family_id' | 'account_id' | 'transaction_date' | 'id'>;

/** Who answered for a reviewed row: the classifier, a learned pattern, the kept catch-all rule, the fallback. */
export type ClassifiedBy = 'bedrock' | 'local' | 'pattern' | 'rules' | 'fallback';

/**
 * Record a reviewed row's automatic classification (ai_auto, spec 2 §4): it leaves the unclassified index and
 * keeps who answered and the job that reviewed it. A row removed meanwhile is skipped (false). A family's
 * correction (user_corrected_flow_type) is left as it is: it still takes precedence.
 */
export async function recordReview(
  row: RowRef,
  result: { flow_type: string; confidence: number; classified_by: ClassifiedBy; job_id: string },
): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: transactionKey(row),
        UpdateExpression:
          'SET flow_type = :f, classification_confidence = :c, classification_method = :m, classified_by = :b, review_job_id = :j REMOVE gsi2pk, gsi2sk',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':f': result.flow_type,
          ':c': result.confidence,
          ':m': 'ai_auto',
          ':b': result.classified_by,
          ':j': result.job_id,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Delete a row only while it is still bad (spec 2 §5: type missing, or signed_amount null or missing), so a
 * complete row is never deleted by a stale list; the deleted row, or null when nothing was deleted.
 */
export async function deleteIfBad(row: RowRef): Promise<TransactionItem | null> {
  try {
    const out = await documentClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: transactionKey(row),
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(#t) OR attribute_type(#t, :null) OR #t = :empty OR attribute_not_exists(signed_amount) OR attribute_type(signed_amount, :null))',
        ExpressionAttributeNames: { '#t': 'type' },
        ExpressionAttributeValues: { ':null': 'NULL', ':empty': '' },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return (out.Attributes as TransactionItem | undefined) ?? null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}
