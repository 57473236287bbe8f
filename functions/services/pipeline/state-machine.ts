import type { ExtractionStatus } from '../../contracts/pipeline';
import {
  ACCOUNT_BUSY_ERROR,
  ACCOUNT_BUSY_RETRY,
  NEEDS_CHECK_STATE,
  type PipelineTask,
  TEXTRACT_POLL_SECONDS,
  TEXTRACT_WAIT_STATE,
  UPLOAD_CLOSED_ERROR,
  UPLOAD_CLOSED_STATE,
} from '../../contracts/pipeline-states';

/**
 * The statement pipeline's Amazon States Language definition: the ONE source used by the CDK pipeline stack
 * (infra/stacks/pipeline-stack.ts: task resources are Lambda ARNs substituted at deploy time) and by the local
 * twin (functions/local/pipeline-runner.ts: task states bound to the same handler functions by state name, run
 * by aws-local-stepfunctions). Pure data, no CDK: the twin runs it, and functions/ never imports infra/. The
 * task names and timings are in functions/contracts/pipeline-states.ts.
 *
 * Every task returns the whole pipeline state (see functions/contracts/pipeline.ts), so each step's output is
 * the next step's input. Any task error is caught, recorded on the upload record by RecordFailure, and the
 * execution ends Failed; nothing is half-written because persist writes only after parse succeeded.
 * Textract's asynchronous job is awaited with a Wait -> PollTextract -> Choice loop (no task tokens, which the
 * twin cannot run): for a scan, started by Extract; for a text layer whose reading its own figures contradict
 * (a font that gives the wrong digits), started by Parse, which then reads again once the page images are read. One upload id is one statement: Register claims the upload for the object version that
 * started the execution, and an execution whose upload is final or claimed by another version ends in
 * UPLOAD_CLOSED_STATE, leaving the record and the rows as they are. A statement whose reading needs the
 * family's check ends in NEEDS_CHECK_STATE after Parse, nothing written; when the family imports it, an
 * execution starts again with the corrected reading (`statementKey` set) and runs from Persist on, through
 * the same steps as every other statement. A file with the same bytes as a statement already loaded into the
 * account goes from Extract straight to Persist, which ends it as done when every row is still stored (nothing
 * new: ./repeat.ts), or sends it back to Extract to be read in full.
 */

/** Errors raised by a lambda's platform (throttling, cold start failure): worth retrying. Our own
 * `TransientError` (a dependency timed out) is retried too; input errors (a bad PDF) never are. */
const RETRYABLE = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
  'TransientError',
];

type Resources = Record<PipelineTask, string>;

/** Persist waits its turn while another upload of the account is being persisted (ACCOUNT_BUSY_ERROR). */
const WAIT_FOR_ACCOUNT = {
  ErrorEquals: [ACCOUNT_BUSY_ERROR],
  IntervalSeconds: ACCOUNT_BUSY_RETRY.intervalSeconds,
  MaxAttempts: ACCOUNT_BUSY_RETRY.maxAttempts,
  BackoffRate: 1,
};

function task(resource: string, next: string | null, catchable = true, waits: object[] = []) {
  return {
    Type: 'Task',
    Resource: resource,
    TimeoutSeconds: 300,
    Retry: [{ ErrorEquals: RETRYABLE, IntervalSeconds: 2, MaxAttempts: 3, BackoffRate: 2 }, ...waits],
    ...(catchable
      ? {
          Catch: [
            // An upload already read (or claimed by another PUT of its key) is left exactly as it is.
            { ErrorEquals: [UPLOAD_CLOSED_ERROR], Next: UPLOAD_CLOSED_STATE },
            { ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailure' },
          ],
        }
      : {}),
    ...(next ? { Next: next } : { End: true }),
  };
}

export function statementPipelineDefinition(resources: Resources) {
  return {
    Comment: 'Statement pipeline: a PDF in the uploads bucket becomes classified, matched transactions.',
    StartAt: 'Checked by the family?',
    TimeoutSeconds: 3600,
    States: {
      // A statement the family checked and imported comes back with its corrected reading: from Persist on.
      'Checked by the family?': {
        Type: 'Choice',
        Choices: [{ Variable: '$.statementKey', IsPresent: true, Next: 'Persist' }],
        Default: 'Register',
      },
      Register: task(resources.Register, 'Extract'),
      Extract: task(resources.Extract, 'Already loaded?'),
      // The same file as a statement already loaded into the account: Persist checks its rows, no reading.
      'Already loaded?': {
        Type: 'Choice',
        Choices: [{ Variable: '$.repeatOf', IsPresent: true, Next: 'Persist' }],
        Default: 'Text ready?',
      },
      'Text ready?': {
        Type: 'Choice',
        Choices: [
          {
            Variable: '$.extraction.status',
            StringEquals: 'IN_PROGRESS' satisfies ExtractionStatus,
            Next: TEXTRACT_WAIT_STATE,
          },
        ],
        Default: 'Parse',
      },
      [TEXTRACT_WAIT_STATE]: { Type: 'Wait', Seconds: TEXTRACT_POLL_SECONDS, Next: 'PollTextract' },
      PollTextract: task(resources.PollTextract, 'Text ready?'),
      Parse: task(resources.Parse, 'Read from the page images?'),
      // A text layer whose own figures contradict its reading: Parse started reading the PDF's page images,
      // awaited as a scan's are, and reads again when they are read (once only: see ./parse.ts).
      'Read from the page images?': {
        Type: 'Choice',
        Choices: [
          {
            Variable: '$.extraction.status',
            StringEquals: 'IN_PROGRESS' satisfies ExtractionStatus,
            Next: TEXTRACT_WAIT_STATE,
          },
        ],
        Default: 'Held for the check?',
      },
      // A reading its own figures do not confirm waits for the family: nothing is written.
      'Held for the check?': {
        Type: 'Choice',
        Choices: [{ Variable: '$.needsCheck', BooleanEquals: true, Next: NEEDS_CHECK_STATE }],
        Default: 'Persist',
      },
      [NEEDS_CHECK_STATE]: { Type: 'Succeed' },
      Persist: task(resources.Persist, 'Anything new?', true, [WAIT_FOR_ACCOUNT]),
      // A repeated file whose rows are all stored is done (nothing new: no classification, matching or
      // roll-ups); one whose rows are not all there any more (no statement read yet) is read in full.
      'Anything new?': {
        Type: 'Choice',
        Choices: [
          { Variable: '$.repeated', IsPresent: true, Next: 'Done' },
          { Variable: '$.statementKey', IsPresent: true, Next: 'Classify' },
        ],
        Default: 'Extract',
      },
      Classify: task(resources.Classify, 'Match'),
      Match: task(resources.Match, 'Finish'),
      Finish: task(resources.Finish, 'Done'),
      Done: { Type: 'Succeed' },
      [UPLOAD_CLOSED_STATE]: { Type: 'Succeed' },
      RecordFailure: { ...task(resources.RecordFailure, 'Failed', false) },
      Failed: {
        Type: 'Fail',
        Error: 'StatementPipelineFailed',
        Cause: 'See the upload record for the reason.',
      },
    },
  };
}
