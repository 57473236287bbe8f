import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CustomResource, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, Billing, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Provider } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { FUNCTIONS } from '../../functions/handlers/manifest';
import { AppFunction, REPO_ROOT } from '../constructs/app-function';
import { TABLE_INDEXES, TABLE_KEY, TTL_ATTRIBUTE } from '../shared/table-definition';

/** Changes whenever the catalogue data changes, so a deployment re-runs the seed exactly then. */
function catalogueVersion(): string {
  const dir = join(REPO_ROOT, 'functions', 'adapters', 'dynamodb', 'catalogue');
  const hash = createHash('sha256');
  for (const file of readdirSync(dir).sort()) hash.update(readFileSync(join(dir, file)));
  return hash.digest('hex').slice(0, 16);
}

/** The one DynamoDB table, from the same definition the local twin uses. */
export class DataStack extends Stack {
  readonly table: TableV2;

  constructor(scope: Construct, id: string, props: StackProps & { stage: string }) {
    super(scope, id, props);
    const prod = props.stage === 'prod';
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE_KEY.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEY.sortKey, type: AttributeType.STRING },
      billing: Billing.onDemand(),
      encryption: TableEncryptionV2.awsManagedKey(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      deletionProtection: prod,
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      globalSecondaryIndexes: TABLE_INDEXES.map((index) => ({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      })),
    });

    // Seed functions (the institution catalogue) run as a custom resource on every deployment that changes them.
    for (const spec of FUNCTIONS) {
      if (spec.trigger.type !== 'seed') continue;
      const fn = new AppFunction(this, spec, { table: this.table }).fn;
      const provider = new Provider(this, `${spec.id}Provider`, { onEventHandler: fn });
      new CustomResource(this, `${spec.id}Run`, {
        serviceToken: provider.serviceToken,
        properties: { version: catalogueVersion() },
      });
    }
  }
}
