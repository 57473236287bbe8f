/**
 * The one DynamoDB table, described once. The CDK data stack and the local twin both build the table from
 * this definition, so the twin's table has exactly the keys and indexes that AWS has.
 */
export const TABLE_KEY = { partitionKey: 'pk', sortKey: 'sk' } as const;

export interface IndexDefinition {
  indexName: string;
  partitionKey: string;
  sortKey: string;
}

/** Global secondary indexes, all projecting ALL attributes. See functions/adapters/dynamodb/README.md. */
export const TABLE_INDEXES: readonly IndexDefinition[] = [
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
];

/** Attribute holding an epoch-seconds expiry; DynamoDB TTL deletes lazily, so code checks expiry too. */
export const TTL_ATTRIBUTE = 'expiresAt';

/** A CreateTable input (wire-protocol shape) for the local twin's DynamoDB. */
export function createTableInput(tableName: string) {
  const attributeNames = new Set<string>([TABLE_KEY.partitionKey, TABLE_KEY.sortKey]);
  for (const index of TABLE_INDEXES) {
    attributeNames.add(index.partitionKey);
    attributeNames.add(index.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [...attributeNames].map((AttributeName) => ({
      AttributeName,
      AttributeType: 'S' as const,
    })),
    KeySchema: [
      { AttributeName: TABLE_KEY.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE_KEY.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: TABLE_INDEXES.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
