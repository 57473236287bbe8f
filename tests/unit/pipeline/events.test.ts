import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  pipelineFailureSchema,
  pipelineInputSchema,
  pipelineStateSchema,
} from '../../../functions/contracts/pipeline';
import { FUNCTIONS } from '../../../functions/handlers/manifest';
import { failureMessage } from '../../../functions/services/pipeline/messages';

/**
 * The sample Step Functions task inputs under events/stepfunctions/<handler>/ (for `npm run invoke`) are what
 * each task really receives: every pipeline task has at least one, and each parses with its handler's contract.
 */
const root = join(import.meta.dirname, '../../../events/stepfunctions');
const schemaOf = (task: string) =>
  task === 'Register'
    ? pipelineInputSchema
    : task === 'RecordFailure'
      ? pipelineFailureSchema
      : pipelineStateSchema;

describe('DESIGN statement pipeline: sample task events match the contracts', () => {
  const pipeline = FUNCTIONS.filter((f) => f.trigger.type === 'pipeline');
  it.each(pipeline.map((f) => [f.id, f] as const))('%s has sample events that parse', (_id, spec) => {
    if (spec.trigger.type !== 'pipeline') throw new Error('not a pipeline task');
    const dir = spec.entry.replace(/^functions\/handlers\/pipeline\//, '').replace(/\.ts$/, '');
    const files = readdirSync(join(root, dir)).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const event = JSON.parse(readFileSync(join(root, dir, file), 'utf8'));
      expect(schemaOf(spec.trigger.task).safeParse(event).success, `${dir}/${file}`).toBe(true);
    }
  });

  it("Register's failure reaches the family in its own words", () => {
    const event = JSON.parse(readFileSync(join(root, 'record-failure/register-failed.json'), 'utf8'));
    expect(failureMessage(pipelineFailureSchema.parse(event).error)).toBe('This PDF is empty.');
  });
});
