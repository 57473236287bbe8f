import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StateMachine } from 'aws-local-stepfunctions';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PIPELINE_TASKS } from '../../../functions/contracts/pipeline-states';
import { validatedMachine } from '../../../functions/local/pipeline-runner';
import { statementPipelineDefinition } from '../../../functions/services/pipeline/state-machine';

/**
 * The twin's Step Functions checks a definition against the Amazon States Language once: a definition found
 * valid is remembered by its hash, so the next twin start skips the check; an invalid one fails every start.
 */
type Definition = Parameters<typeof validatedMachine>[0];

const resources = Object.fromEntries(
  PIPELINE_TASKS.map((task) => [
    task,
    `arn:aws:lambda:eu-west-2:000000000000:function:local-Pipeline${task}`,
  ]),
) as Parameters<typeof statementPipelineDefinition>[0];
const pipeline = () => statementPipelineDefinition(resources) as unknown as Definition;
/** A Choice state without Choices: not valid States Language. */
const invalid = () =>
  ({
    StartAt: 'Pick',
    States: { Pick: { Type: 'Choice', Default: 'Done' }, Done: { Type: 'Succeed' } },
  }) as unknown as Definition;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ff-definition-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the twin checks its state machine definition once per definition', () => {
  it('remembers the statement pipeline as valid after the first check, and builds it again from that', () => {
    expect(validatedMachine(pipeline(), dir)).toBeInstanceOf(StateMachine);
    const markers = readdirSync(dir);
    expect(markers).toHaveLength(1);
    expect(markers[0]).toMatch(/^state-machine-valid-[0-9a-f]{16}$/);
    expect(validatedMachine(pipeline(), dir)).toBeInstanceOf(StateMachine);
    expect(readdirSync(dir)).toEqual(markers);
  });

  it('refuses an invalid definition every time, naming the fault, and remembers nothing', () => {
    for (let i = 0; i < 2; i++)
      expect(() => validatedMachine(invalid(), dir)).toThrow(/State machine definition is invalid/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('checks a changed definition afresh: a remembered one does not vouch for another', () => {
    validatedMachine(pipeline(), dir);
    const changed = { ...pipeline(), States: { ...invalid().States } } as unknown as Definition;
    expect(() => validatedMachine(changed, dir)).toThrow(/State machine definition is invalid/);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('still builds the machine when the folder cannot be written (it is checked again next time)', () => {
    const file = join(dir, 'not-a-folder');
    writeFileSync(file, '');
    expect(validatedMachine(pipeline(), join(file, 'cache'))).toBeInstanceOf(StateMachine);
    expect(existsSync(join(file, 'cache'))).toBe(false);
  });
});
