import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../../../functions/adapters/stripe/stripe-billing';
import { receiveError, sendError } from '../../../functions/local/api-worker-protocol';
import { LambdaTimeoutError } from '../../../functions/local/lambda-runtime';
import {
  AppError,
  ConflictError,
  ServiceUnavailableError,
  TransientError,
} from '../../../functions/shared/errors';

/** An error crossing between the twin's thread and an API worker (structured clone keeps no class). */
const across = (error: unknown, classes: Map<string, unknown>) =>
  receiveError(structuredClone(sendError(error)), classes);

describe("errors between the twin's thread and its API workers", () => {
  const classes = new Map<string, unknown>([
    ['AppError', AppError],
    ['ConflictError', ConflictError],
    ['ServiceUnavailableError', ServiceUnavailableError],
    ['TransientError', TransientError],
    ['WebhookSignatureError', WebhookSignatureError],
    ['LambdaTimeoutError', LambdaTimeoutError],
  ]);

  it('arrive as the same class, with their status, code and details, for the HTTP mapping', () => {
    const received = across(new ConflictError('The account is busy', { retry: true }), classes);
    expect(received).toBeInstanceOf(ConflictError);
    expect(received).toBeInstanceOf(AppError);
    expect(received).toMatchObject({
      name: 'ConflictError',
      message: 'The account is busy',
      status: 409,
      code: 'conflict',
      details: { retry: true },
    });
    expect(received.stack).toContain('api-worker-protocol.test.ts');
  });

  it("keep a class's own name (a Lambda timeout, a retried step, a bad webhook signature)", () => {
    const timeout = across(new LambdaTimeoutError('Task timed out after 30 seconds'), classes);
    expect(timeout).toBeInstanceOf(LambdaTimeoutError);
    expect(timeout.name).toBe('Lambda.Timeout');
    expect(across(new TransientError('slow'), classes)).toMatchObject({ name: 'TransientError' });
    expect(across(new WebhookSignatureError('bad signature'), classes)).toBeInstanceOf(WebhookSignatureError);
  });

  it('arrive as a plain Error with their name and message when the class is not known here', () => {
    class Unlisted extends Error {
      override name = 'Unlisted';
      readonly socket = () => undefined;
    }
    const received = across(new Unlisted('gone'), classes);
    expect(received).toBeInstanceOf(Error);
    expect(received).not.toBeInstanceOf(Unlisted);
    expect(received).toMatchObject({ name: 'Unlisted', message: 'gone' });
    expect(across('a string thrown', classes)).toMatchObject({ name: 'Error', message: 'a string thrown' });
  });
});
