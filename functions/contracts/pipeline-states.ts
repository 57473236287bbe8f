/**
 * The statement pipeline's state machine as the functions see it: the task states (each bound to one
 * manifest function), the Textract wait state and its timings. The one source for the ASL
 * (functions/services/pipeline/state-machine.ts, deployed by infra/stacks/pipeline-stack.ts and run by the
 * twin), the manifest and the steps; nothing here depends on CDK, so functions/ never imports infra/.
 */
export const PIPELINE_TASKS = [
  'Register',
  'Extract',
  'PollTextract',
  'Parse',
  'Persist',
  'Classify',
  'Match',
  'Finish',
  'RecordFailure',
] as const;
export type PipelineTask = (typeof PIPELINE_TASKS)[number];

/** The Wait state between Textract polls. */
export const TEXTRACT_WAIT_STATE = 'Wait for Textract';
/** Seconds between two PollTextract runs (the twin shortens the wait). */
export const TEXTRACT_POLL_SECONDS = 5;
/** How long the pipeline waits for Textract to read a scan before failing the upload (10 minutes). */
export const TEXTRACT_MAX_WAIT_SECONDS = 10 * 60;

/**
 * The error a step raises when its upload no longer takes this execution: the record is final (done or
 * failed), or another object version claimed it (a second PUT to the same presigned URL). The state machine
 * catches it into UPLOAD_CLOSED_STATE, which ends the execution without touching the upload or its rows.
 */
export const UPLOAD_CLOSED_ERROR = 'UploadClosed';
/** The Succeed state an execution ends in when Parse held the statement for the family's check. */
export const NEEDS_CHECK_STATE = "Waiting for the family's check";

/** The Succeed state an execution ends in when its upload was closed to it. */
export const UPLOAD_CLOSED_STATE = 'Upload already read';

/**
 * The error Persist raises while another upload of the same account holds the account's persist lease: the
 * state machine retries it after a pause (never catches it as a failure), so uploads of one account are
 * persisted one after another.
 */
export const ACCOUNT_BUSY_ERROR = 'AccountBusy';
/** Seconds between two tries of a busy Persist, and how many tries (two minutes in all; the twin shortens it). */
export const ACCOUNT_BUSY_RETRY = { intervalSeconds: 2, maxAttempts: 60 } as const;
