import { CustomResource, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, Billing, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Provider } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { TABLE_INDEXES, TABLE_KEY, TTL_ATTRIBUTE } from '../../functions/adapters/dynamodb/table-definition';
import { FUNCTIONS } from '../../functions/handlers/manifest';
import { functionBindings } from '../bindings';
import { AppFunction } from '../constructs/app-function';
import { type AppSettings, removalPolicy } from '../settings';

/**
 * The one DynamoDB table, built from the same definition the local twin uses, and the manifest's 'seed'
 * functions, run as CloudFormation custom resources so each deployment seeds the institution catalogue.
 */
export class DataStack extends Stack {
  readonly table: TableV2;
  readonly functions: AppFunction[] = [];

  constructor(scope: Construct, id: string, props: StackProps & { settings: AppSettings }) {
    super(scope, id, props);
    const { settings } = props;
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE_KEY.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEY.sortKey, type: AttributeType.STRING },
      billing: Billing.onDemand(),
      encryption: TableEncryptionV2.awsManagedKey(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      deletionProtection: settings.prod,
      removalPolicy: removalPolicy(settings),
      globalSecondaryIndexes: TABLE_INDEXES.map((index) => ({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      })),
    });

    const bindings = functionBindings(this, settings, { table: this.table });
    for (const spec of FUNCTIONS) {
      if (spec.trigger.type !== 'seed') continue;
      const seed = new AppFunction(this, spec, bindings);
      this.functions.push(seed);
      const provider = new Provider(this, `${spec.id}Provider`, {
        onEventHandler: seed.fn,
        logGroup: new LogGroup(this, `${spec.id}ProviderLogs`, {
          retention: RetentionDays.ONE_MONTH,
          removalPolicy: removalPolicy(settings),
        }),
      });
      // The bundle hash changes with the seed's code and the catalogue it carries: a new catalogue re-seeds.
      new CustomResource(this, `${spec.id}Run`, {
        serviceToken: provider.serviceToken,
        resourceType: 'Custom::Seed',
        properties: { Function: spec.id, Bundle: seed.bundleHash },
      });
    }
  }
}
