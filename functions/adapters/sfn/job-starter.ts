import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { ulid } from 'ulid';
import { config, requireConfig } from '../../shared/config';
import type { JobStarter } from '../../shared/ports';

let client: SFNClient | undefined;

/**
 * Starts the classification job's state machine (CLASSIFICATION_JOB_ARN) for a family's job. Each start is a
 * new execution (a job resumed after its worker died starts again); two at once do no harm, as only one
 * worker holds the job's lease.
 */
export const stepFunctionsJobStarter: JobStarter = {
  async startClassification(familyId, jobId) {
    client ??= new SFNClient({ region: config().AWS_REGION });
    await client.send(
      new StartExecutionCommand({
        stateMachineArn: requireConfig('CLASSIFICATION_JOB_ARN'),
        name: `classify-${jobId}-${ulid()}`,
        input: JSON.stringify({ familyId, jobId }),
      }),
    );
  },
};
