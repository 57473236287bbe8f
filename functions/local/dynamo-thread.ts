import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { writeBatchesTogether } from './dynalite-batch-write';
import { readQueriesDirectly } from './dynalite-query';
import { checkTypesOnce } from './dynalite-types';
import { checkBatchValuesOnce } from './dynalite-values';
import { CALL_COUNTERS, countCalls } from './dynamo-calls';
import { answerOnChannel } from './dynamo-channel';
import { closeLevelIteratorsOnReturn } from './level-iterators';
import { largerWriteBuffer } from './level-write-buffer';
import { groupLevelWrites } from './level-writes';
import { limitRequestsAtOnce } from './requests-at-once';
import { osThreadId } from './thread-cpu';
import { startThreadProfile } from './thread-profile';

/**
 * The twin's DynamoDB thread (see ./emulators.ts startDynamo): dynalite over LevelDB in the data folder,
 * listening on a loopback port of its own, as DynamoDB is another machine to a Lambda. Its request parsing,
 * validation, item handling and LevelDB work, and their garbage, run on this thread and heap while the
 * twin's thread runs the API, the pipeline and the AWS SDK: on a machine of two cores, both are used.
 *
 * It answers `{ port }` once listening (or `{ error }`); on `channel` answers the requests posted on the port
 * it is given as those of its socket (./dynamo-channel.ts); and on `close` stops listening, lets the requests
 * under way finish, closes LevelDB and ends. The thread is the twin's process's own: it cannot outlive
 * it.
 */
export interface DynamoThreadData {
  directory: string;
  createTableMs: number;
  /**
   * Open LevelDB iterators (1 int), then LevelDB batches and the operations they held (2 ints), then the
   * requests received by operation (CALL_COUNTERS ints, ./dynamo-calls.ts).
   */
  counters: SharedArrayBuffer;
}
export type DynamoThreadReply =
  | { port: number /** Its thread id in the operating system (Linux), for its CPU time. */; tid?: number }
  | { error: string }
  | { closed: true };

/** Requests dynalite works on at once (see requests-at-once.ts). */
const REQUESTS_AT_ONCE = 4;

const port = parentPort;
if (!port) throw new Error('dynamo-thread runs as a worker thread');
const data = workerData as DynamoThreadData;

// `DYNAMO_CPU_PROF=DIR` (or `TWIN_CPU_PROF=DIR`, every thread of the twin's): a CPU profile of this thread,
// written to DIR when it closes (the twin's own thread is profiled with Node's --cpu-prof, whose flags this
// thread does not take).
const profile = await startThreadProfile(
  'dynamo-thread',
  process.env.DYNAMO_CPU_PROF ?? process.env.TWIN_CPU_PROF,
);

// Without this, every Query and Scan leaves its LevelDB iterator open (see level-iterators.ts).
closeLevelIteratorsOnReturn(new Int32Array(data.counters, 0, 1));
// An item's LevelDB reads answered at once, and the writes of a turn written as one batch (level-writes.ts).
groupLevelWrites(new Int32Array(data.counters, 4, 2));
// LevelDB's memtable holds several uploads' rows before it is flushed and compacted (level-write-buffer.ts).
largerWriteBuffer();
// dynalite's check of each request's JSON types, without rebuilding its constant parts for every value.
checkTypesOnce();
// BatchWriteItem's check of each value and item size, with a row's strings and numbers checked at once
// (dynalite-values.ts).
checkBatchValuesOnce();
// BatchWriteItem with the table read, the keys worked out and each item's JSON made once, and one LevelDB
// batch a request (dynalite-batch-write.ts). dynalite takes its actions as it loads, so it is loaded after.
writeBatchesTogether();
// A Query's or Scan's items read from LevelDB many a step rather than through streams (dynalite-query.ts).
readQueriesDirectly();
const { default: dynalite } = await import('dynalite');

const server = dynalite({
  path: data.directory,
  createTableMs: data.createTableMs,
  deleteTableMs: 0,
  updateTableMs: 0,
});
// A few requests worked on at once, the others waiting unread (requests-at-once.ts): 32 BatchWriteItems
// under way together cost the thread's garbage collector several times what a few do.
limitRequestsAtOnce(server, REQUESTS_AT_ONCE);
// Each request counted by operation as it arrives (dynamo-calls.ts).
countCalls(server, new Int32Array(data.counters, 12, CALL_COUNTERS));
server.once('error', (error: Error) =>
  port.postMessage({ error: String(error) } satisfies DynamoThreadReply),
);
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : 0;
  port.postMessage({ port: listening, tid: osThreadId() } satisfies DynamoThreadReply);
});

const channels: MessagePort[] = [];
port.on('message', (message: { op: 'close' } | { op: 'channel'; port: MessagePort }) => {
  if (message.op === 'channel') {
    channels.push(message.port);
    answerOnChannel(server, message.port);
    return;
  }
  if (message.op !== 'close') return;
  // dynalite closes its LevelDB once the server has closed (Node ends the idle keep-alive connections).
  server.close(async () => {
    for (const channel of channels) channel.close();
    await profile.stop().catch(() => undefined);
    port.postMessage({ closed: true } satisfies DynamoThreadReply);
    port.close();
  });
});
