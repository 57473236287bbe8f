import { platform } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { osThreadId, threadCpuMs } from '../../../functions/local/thread-cpu';

/**
 * A thread's CPU time from /proc (the pipeline's per-step figures of the twin's thread and its DynamoDB
 * thread): on Linux each thread has its own id and its own CPU time, read by any thread of the process;
 * elsewhere there is none to read, and nothing fails.
 */
describe.runIf(platform() === 'linux')('threadCpuMs on Linux', () => {
  it("the main thread's id is the process's, and its CPU time only grows", () => {
    expect(osThreadId()).toBe(process.pid);
    const before = threadCpuMs();
    let x = 0;
    for (let i = 0; i < 1e6; i++) x += Math.sqrt(i);
    expect(x).toBeGreaterThan(0);
    const after = threadCpuMs();
    expect(typeof before).toBe('number');
    expect(after).toBeGreaterThanOrEqual(before!);
  });

  it("another thread's id is its own, and its CPU time is read from this thread", async () => {
    const worker = new Worker(
      "const { parentPort } = require('node:worker_threads'); const { readlinkSync } = require('node:fs');" +
        "parentPort.postMessage(Number(readlinkSync('/proc/thread-self').split('/').at(-1))); setTimeout(() => {}, 60000);",
      { eval: true },
    );
    const tid = await new Promise<number>((resolve) => worker.once('message', resolve));
    expect(tid).not.toBe(process.pid);
    expect(threadCpuMs(tid)).toEqual(expect.any(Number));
    await worker.terminate();
    expect(threadCpuMs(tid)).toBeNull(); // gone with its thread
  });
});

describe.runIf(platform() !== 'linux')('threadCpuMs elsewhere', () => {
  it('reads nothing and fails nothing', () => {
    expect(threadCpuMs()).toBeNull();
    expect(osThreadId()).toBeUndefined();
  });
});
