import { ExecutionAlreadyExists, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { config, requireConfig } from '../../shared/config';
import type { PipelineStarter } from '../../shared/ports';

let client: SFNClient | undefined;

export const stepFunctionsStarter: PipelineStarter = {
  async start(name, input) {
    client ??= new SFNClient({ region: config().AWS_REGION });
    const stateMachineArn = requireConfig('STATE_MACHINE_ARN');
    try {
      const out = await client.send(
        new StartExecutionCommand({ stateMachineArn, name, input: JSON.stringify(input) }),
      );
      return { executionId: out.executionArn ?? name, started: true };
    } catch (error) {
      // Same name + same input is idempotent in Step Functions; same name + other input raises this.
      if (error instanceof ExecutionAlreadyExists) return { executionId: name, started: false };
      throw error;
    }
  },
};
