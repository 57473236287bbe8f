import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFunctions, FUNCTIONS } from '../../functions/handlers/manifest';
import { classificationJobDefinition } from '../../functions/services/classification-job-machine';
import {
  actionsOf,
  environmentOf,
  lambdaOf,
  policyStatements,
  props,
  resources,
  type Synthesized,
  statementsOf,
  synthesize,
} from './app';

/**
 * Smart Transaction Review's classification job in AWS: the worker function and the Standard state machine
 * that runs it run after run, and the transactions API allowed to start that state machine and nothing more.
 */
let s: Synthesized;
beforeAll(() => {
  s = synthesize({ stage: 'dev' });
});
afterAll(() => s.cleanup());

const worker = () => {
  const spec = FUNCTIONS.find((f) => f.trigger.type === 'job');
  if (!spec) throw new Error('no job worker in the manifest');
  return spec;
};
const machine = () => {
  const found = Object.entries(resources(s.templates.pipeline, 'AWS::StepFunctions::StateMachine')).filter(
    ([id]) => id.startsWith('ClassificationJobMachine'),
  );
  expect(found).toHaveLength(1);
  return found[0]!;
};

describe('classification job (pipeline stack)', () => {
  it('is a STANDARD state machine with its fixed name, logging without execution data, X-Ray tracing', () => {
    const [, sm] = machine();
    expect(sm.Properties).toMatchObject({
      StateMachineName: 'family-finance-dev-classification-job',
      StateMachineType: 'STANDARD',
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: false },
    });
  });

  it('runs the worker again while it says there is more, and may invoke only the worker', () => {
    const [, sm] = machine();
    const [workerId] = lambdaOf(s.templates.pipeline, worker());
    expect(JSON.parse(props(sm).DefinitionString as string)).toEqual(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the definition substitution the stack declares
      classificationJobDefinition('${Worker}'),
    );
    expect(props(sm).DefinitionSubstitutions).toEqual({ Worker: { 'Fn::GetAtt': [workerId, 'Arn'] } });
    const roleId = (props(sm).RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const invoke = Object.values(resources(s.templates.pipeline, 'AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties?.Roles).includes(roleId))
      .flatMap(policyStatements)
      .filter((st) => actionsOf(st).includes('lambda:InvokeFunction'));
    expect(invoke.map((st) => st.Resource)).toEqual([{ 'Fn::GetAtt': [workerId, 'Arn'] }]);
  });

  it('gives the worker the table, Bedrock and a 300 s timeout', () => {
    const [, fn] = lambdaOf(s.templates.pipeline, worker());
    expect(fn.Properties?.Timeout).toBe(300);
    expect(Object.keys(environmentOf(fn))).toEqual(
      expect.arrayContaining(['TABLE_NAME', 'BEDROCK_MODEL_ID']),
    );
  });

  it('lets the transactions API start this state machine (its ARN in CLASSIFICATION_JOB_ARN), nothing else', () => {
    const area = apiFunctions().find((f) => f.trigger.type === 'http' && f.trigger.area === 'transactions');
    if (!area) throw new Error('no transactions area');
    const [, fn] = lambdaOf(s.templates.api, area);
    const arn = JSON.stringify(environmentOf(fn).CLASSIFICATION_JOB_ARN);
    expect(arn).toContain(':stateMachine:family-finance-dev-classification-job');
    const start = statementsOf(s.templates.api, area).filter((st) =>
      actionsOf(st).includes('states:StartExecution'),
    );
    expect(start).toHaveLength(1);
    expect(JSON.stringify(start[0]?.Resource)).toContain(
      ':stateMachine:family-finance-dev-classification-job',
    );
  });
});
