import type { IncomingMessage, Server } from 'node:http';

/** The DynamoDB operations the twin counts one by one; any other is counted as `other`. */
export const COUNTED_OPERATIONS = [
  'GetItem',
  'BatchGetItem',
  'Query',
  'Scan',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'TransactWriteItems',
  'DescribeTable',
  'other',
] as const;
export type CountedOperation = (typeof COUNTED_OPERATIONS)[number];

/** Room for the counts in a SharedArrayBuffer, in 32-bit integers. */
export const CALL_COUNTERS = COUNTED_OPERATIONS.length;

/**
 * Counts the requests the twin's DynamoDB thread receives, by operation (its `X-Amz-Target`), in `counts`,
 * shared with the twin's thread: the load benchmark's DynamoDB calls per API request, and tests that hold a
 * route to the calls it makes. A counter per operation, written with Atomics; nothing else changes.
 */
export function countCalls(server: Server, counts: Int32Array): void {
  server.prependListener('request', (req: IncomingMessage) => {
    const target = req.headers['x-amz-target'];
    const operation = typeof target === 'string' ? target.slice(target.indexOf('.') + 1) : '';
    const at = COUNTED_OPERATIONS.indexOf(operation as CountedOperation);
    Atomics.add(counts, at >= 0 ? at : COUNTED_OPERATIONS.length - 1, 1);
  });
}

/** The counts so far, by operation (operations never called left out). */
export function readCalls(counts: Int32Array): Partial<Record<CountedOperation, number>> {
  const calls: Partial<Record<CountedOperation, number>> = {};
  COUNTED_OPERATIONS.forEach((operation, at) => {
    const n = Atomics.load(counts, at);
    if (n) calls[operation] = n;
  });
  return calls;
}
