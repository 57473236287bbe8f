import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { FUNCTIONS, type FunctionSpec } from '../handlers/manifest';

/**
 * Runs the product's Lambda handlers in-process, as the Lambda runtime would: the same module, a Context
 * object, the function's timeout. Used by the twin's API router, S3 trigger, pipeline runner and by
 * `npm run invoke`.
 */
export type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

const loaded = new Map<string, LambdaHandler>();

export function repoRoot(): string {
  return resolve(import.meta.dirname, '..', '..');
}

export async function loadHandler(spec: FunctionSpec): Promise<LambdaHandler> {
  const cached = loaded.get(spec.id);
  if (cached) return cached;
  const mod = (await import(pathToFileURL(resolve(repoRoot(), spec.entry)).href)) as {
    handler?: LambdaHandler;
  };
  if (typeof mod.handler !== 'function') throw new Error(`${spec.entry} does not export a handler`);
  loaded.set(spec.id, mod.handler);
  return mod.handler;
}

export function functionSpec(id: string): FunctionSpec {
  const spec = FUNCTIONS.find((f) => f.id === id);
  if (!spec) throw new Error(`Unknown handler '${id}'. Known: ${FUNCTIONS.map((f) => f.id).join(', ')}`);
  return spec;
}

export function lambdaContext(spec: FunctionSpec, deadlineMs: number): Context {
  const awsRequestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${spec.id}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:eu-west-2:000000000000:function:local-${spec.id}`,
    memoryLimitInMB: String(spec.memoryMb ?? 512),
    awsRequestId,
    logGroupName: `/aws/lambda/local-${spec.id}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadlineMs - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export class LambdaTimeoutError extends Error {
  override name = 'Lambda.Timeout';
}

/** Invoke a handler with its configured timeout (default 30 s, as our API functions). */
export async function invoke(spec: FunctionSpec, event: unknown): Promise<unknown> {
  return invokeHandler(spec, await loadHandler(spec), event);
}

/** Run a loaded handler as Lambda would: a Context, and the function's timeout (a LambdaTimeoutError). */
export async function invokeHandler(
  spec: FunctionSpec,
  handler: LambdaHandler,
  event: unknown,
): Promise<unknown> {
  const timeoutMs = (spec.timeoutSeconds ?? 30) * 1000;
  const context = lambdaContext(spec, Date.now() + timeoutMs);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new LambdaTimeoutError(`Task timed out after ${timeoutMs / 1000} seconds`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([handler(event, context), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
