import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { HealthProbe } from '../../shared/ports';
import { documentClient, tableName } from './client';

/** A cheap read of a key that never exists: proves the table answers and the role may read it. */
export const tableProbe: HealthProbe = {
  name: 'dynamodb',
  async check() {
    await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: { pk: 'HEALTH', sk: 'HEALTH' } }),
    );
    return { state: 'ok' };
  },
};
