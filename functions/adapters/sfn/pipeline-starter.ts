import { ExecutionAlreadyExists, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { config, requireConfig } from '../../shared/config';

export interface PipelineStarter {
  /** Starts an execution named `name`; a second start with the same name starts nothing (started: false). */
  start(name: string, input: unknown): Promise<{ executionId: string; started: boolean }>;
}

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
