import { readFileSync, readlinkSync } from 'node:fs';

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
