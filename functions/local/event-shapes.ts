import { z } from 'zod';
import type { FunctionSpec } from '../handlers/manifest';

/**
 * The outer shape of each trigger's event, checked before `npm run invoke` hands a sample event to a
 * handler, so a malformed event file gets one clear line instead of a stack trace from deep inside.
 */
const httpEvent = z.object({
  version: z.literal('2.0', { message: 'an API Gateway HTTP API event has "version": "2.0"' }),
  routeKey: z.string(),
  rawPath: z.string(),
  requestContext: z.object({ http: z.object({ method: z.string() }), requestId: z.string() }),
});
const s3Event = z.object({
  Records: z
    .array(
      z.object({
        eventName: z.string(),
        s3: z.object({ bucket: z.object({ name: z.string() }), object: z.object({ key: z.string() }) }),
      }),
    )
    .min(1, 'an S3 notification has at least one record'),
});
const pipelineEvent = z.object({ bucket: z.string(), key: z.string() });
/** A CloudFormation custom resource event (or {} when invoked by hand). */
const seedEvent = z.object({ RequestType: z.optional(z.enum(['Create', 'Update', 'Delete'])) });
const jobEvent = z.object({ familyId: z.string(), jobId: z.string() });
const cognitoEvent = z.object({
  triggerSource: z.string(),
  userPoolId: z.string(),
  request: z.record(z.string(), z.unknown()),
  response: z.record(z.string(), z.unknown()),
});

export function checkEventShape(spec: FunctionSpec, event: unknown): string | null {
  const schema =
    spec.trigger.type === 'http'
      ? httpEvent
      : spec.trigger.type === 's3-object-created'
        ? s3Event
        : spec.trigger.type === 'pipeline'
          ? pipelineEvent
          : spec.trigger.type === 'seed'
            ? seedEvent
            : spec.trigger.type === 'job'
              ? jobEvent
              : cognitoEvent;
  const result = schema.safeParse(event);
  if (result.success) return null;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  return `not a ${spec.trigger.type} event${where}: ${issue?.message ?? 'unexpected shape'}`;
}
