import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * One thread's CPU time so far in ms, from Linux's /proc (its schedstat: nanoseconds on a core), for the
 * pipeline's per-step figures; null elsewhere or when it cannot be read. `tid` is a thread of this process
 * (`threadId()` of that thread); without it, the calling thread.
 */
export function threadCpuMs(tid?: number): number | null {
  try {
    const path = tid === undefined ? '/proc/thread-self/schedstat' : `/proc/self/task/${tid}/schedstat`;
    const running = Number(readFileSync(path, 'latin1').split(' ')[0]);
    return Number.isFinite(running) ? running / 1e6 : null;
  } catch {
    return null;
  }
}

/** The calling thread's id in the operating system (Linux's, from /proc/thread-self), or undefined. */
export function osThreadId(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    return Number.isInteger(tid) ? tid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A process's threads' time so far in ms (Linux: /proc's schedstat of each of its threads; null elsewhere or
 * when it cannot be read): its main thread's CPU, its other threads' (V8's compilers and garbage collector's
 * helpers, the thread pool) and the time its main thread was ready to run but waiting for a core.
 */
export function processThreadTimes(
  pid: number,
): { mainMs: number; otherMs: number; mainWaitingMs: number } | null {
  try {
    const times = { mainMs: 0, otherMs: 0, mainWaitingMs: 0 };
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      // Nanoseconds on a core, nanoseconds waiting in the run queue, time slices.
      const [running = 0, waiting = 0] = readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'latin1')
        .split(' ')
        .map(Number);
      if (thread === String(pid)) {
        times.mainMs += running / 1e6;
        times.mainWaitingMs += waiting / 1e6;
      } else times.otherMs += running / 1e6;
    }
    return times;
  } catch {
    return null;
  }
}
