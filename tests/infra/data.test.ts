import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_INDEXES, TABLE_KEY, TTL_ATTRIBUTE } from '../../functions/adapters/dynamodb/table-definition';
import { FUNCTIONS } from '../../functions/handlers/manifest';
import { lambdaOf, resources, type Synthesized, synthesize } from './app';

let s: Synthesized;
beforeAll(() => {
  s = synthesize({ stage: 'dev' });
});
afterAll(() => s.cleanup());

describe('data stack', () => {
  it('has exactly one DynamoDB table, from the shared definition', () => {
    s.templates.data.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    s.templates.data.resourceCountIs('AWS::DynamoDB::Table', 0);
    for (const stack of ['auth', 'api', 'web', 'pipeline'] as const) {
      s.templates[stack].resourceCountIs('AWS::DynamoDB::GlobalTable', 0);
      s.templates[stack].resourceCountIs('AWS::DynamoDB::Table', 0);
    }
    s.templates.data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: TABLE_KEY.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEY.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
    });
  });

  it('has every GSI of the definition, projecting ALL, with string keys', () => {
    const table = Object.values(resources(s.templates.data, 'AWS::DynamoDB::GlobalTable'))[0];
    const props = table?.Properties as {
      GlobalSecondaryIndexes: Array<{ IndexName: string; KeySchema: unknown; Projection: unknown }>;
      AttributeDefinitions: Array<{ AttributeName: string; AttributeType: string }>;
    };
    expect(props.GlobalSecondaryIndexes.map((i) => i.IndexName).sort()).toEqual(
      TABLE_INDEXES.map((i) => i.indexName).sort(),
    );
    for (const index of TABLE_INDEXES) {
      expect(props.GlobalSecondaryIndexes.find((i) => i.IndexName === index.indexName)).toMatchObject({
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      });
    }
    for (const attribute of props.AttributeDefinitions) expect(attribute.AttributeType).toBe('S');
  });

  it('has point-in-time recovery; dev may be deleted with its stack', () => {
    s.templates.data.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({
        Replicas: [
          Match.objectLike({
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
            DeletionProtectionEnabled: false,
          }),
        ],
      }),
    });
  });

  it('seeds the institution catalogue on deploy with the manifest seed function (Provider custom resource)', () => {
    const seeds = FUNCTIONS.filter((f) => f.trigger.type === 'seed');
    s.templates.data.resourceCountIs('Custom::Seed', seeds.length);
    for (const spec of seeds) {
      const [logicalId] = lambdaOf(s.templates.data, spec);
      s.templates.data.hasResourceProperties('Custom::Seed', {
        Function: spec.id,
        Bundle: Match.stringLikeRegexp('^[0-9a-f]{64}$'),
      });
      // The Provider framework's onEvent function invokes the seed function.
      const invokes = JSON.stringify(resources(s.templates.data, 'AWS::IAM::Policy'));
      expect(invokes).toContain(logicalId);
    }
  });
});
