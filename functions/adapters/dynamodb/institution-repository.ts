import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Institution, ServiceType } from '../../contracts/institutions';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { queryAll } from './paging';

/**
 * The global institution catalogue and the service types (spec 2 §3). Institutions are one item each, listed
 * in display-name order through gsi1 (INSTITUTIONS / lower-cased display name); service types are one item.
 * Written only by the seed (functions/services/seed.ts).
 */
const FIELDS = [
  'id',
  'external_id',
  'name',
  'display_name',
  'type',
  'subtype',
  'status',
  'description',
  'website',
  'founded',
  'headquarters',
  'parent_company',
  'regulators',
  'services',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof Institution>;

function toInstitution(item: Record<string, unknown>): Institution {
  return Object.fromEntries(FIELDS.map((f) => [f, item[f] ?? null])) as Institution;
}

function institutionKey(institutionId: string) {
  const { pk, sk } = keys.institution(institutionId, '');
  return { pk, sk };
}

/** Every institution (active or not), in display-name order. */
export async function listInstitutions(): Promise<Institution[]> {
  const index = keys.institutionsIndex();
  const items = await queryAll({
    TableName: tableName(),
    IndexName: index.index,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': index.pk },
  });
  return items.map(toInstitution);
}

export async function getInstitution(institutionId: string): Promise<Institution | null> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: institutionKey(institutionId) }),
  );
  return out.Item ? toInstitution(out.Item) : null;
}

/**
 * Write one institution unless the stored copy already has this content hash. created_at survives updates.
 * Returns true when the item was written.
 */
export async function upsertInstitution(
  institution: Omit<Institution, 'created_at' | 'updated_at'>,
  contentHash: string,
  now: string,
): Promise<boolean> {
  const values: Record<string, unknown> = {
    ...keys.institution(institution.id, institution.display_name),
    ...institution,
    entity: 'institution',
    content_hash: contentHash,
    updated_at: now,
  };
  delete values.pk;
  delete values.sk;
  const names: Record<string, string> = { '#created': 'created_at', '#hash': 'content_hash' };
  const sets: string[] = ['#created = if_not_exists(#created, :now)'];
  const attributeValues: Record<string, unknown> = { ':now': now, ':hash': contentHash };
  Object.entries(values).forEach(([k, v], i) => {
    names[`#a${i}`] = k;
    attributeValues[`:v${i}`] = v;
    sets.push(`#a${i} = :v${i}`);
  });
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: institutionKey(institution.id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_not_exists(pk) OR #hash <> :hash',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: attributeValues,
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Mark an institution that left the catalogue inactive (accounts keep their link; lists skip it). */
export async function deactivateInstitution(institutionId: string, now: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: institutionKey(institutionId),
      UpdateExpression: 'SET #status = :inactive, updated_at = :now REMOVE content_hash',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':inactive': 'inactive', ':now': now },
    }),
  );
}

export async function getServiceTypes(): Promise<ServiceType[]> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.serviceTypes() }),
  );
  return (out.Item?.service_types as ServiceType[] | undefined) ?? [];
}

export async function putServiceTypes(serviceTypes: ServiceType[], now: string): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.serviceTypes(), entity: 'service_types', service_types: serviceTypes, updated_at: now },
    }),
  );
}

/** The content hash of the last completed seed, or null. */
export async function getCatalogueVersion(): Promise<string | null> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.catalogueVersion() }),
  );
  return (out.Item?.content_hash as string | undefined) ?? null;
}

export async function putCatalogueVersion(contentHash: string, counts: Record<string, number>, now: string) {
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.catalogueVersion(),
        entity: 'catalogue_version',
        content_hash: contentHash,
        counts,
        seeded_at: now,
      },
    }),
  );
}
