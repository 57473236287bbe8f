import { services } from '../../app/container';
import { eventHandler } from '../../app/http';
import { seedCatalogue } from '../../services/seed';

/**
 * Seed: loads the institution catalogue and service types into the table. In AWS it backs a CloudFormation
 * custom resource (CDK Provider framework: onEvent) so every deployment seeds; Delete does nothing (the data
 * outlives the resource). Any other event (npm run invoke, a manual test) simply seeds.
 */
interface SeedEvent {
  RequestType?: 'Create' | 'Update' | 'Delete';
  PhysicalResourceId?: string;
}

const PHYSICAL_ID = 'institution-catalogue';

export const handler = eventHandler('seed', async (event: SeedEvent | null) => {
  if (event?.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId ?? PHYSICAL_ID };
  const result = await seedCatalogue(services().now());
  return {
    PhysicalResourceId: PHYSICAL_ID,
    Data: {
      version: result.version,
      institutions: String(result.institutions),
      serviceTypes: String(result.serviceTypes),
      written: String(result.written),
    },
  };
});
