import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

/**
 * A CPU profile of one of the twin's worker threads (its DynamoDB thread, its API workers), written to `dir`
 * when the thread is done: Node's --cpu-prof profiles the twin's own thread, and these threads take none of
 * its flags (they run plain bundles with `execArgv: []`). `TWIN_CPU_PROF=DIR` turns it on (`npm run bench --
 * load --cpu-prof DIR` sets it); without it, nothing is started and `stop` does nothing.
 */
export async function startThreadProfile(
  name: string,
  dir: string | undefined = process.env.TWIN_CPU_PROF,
): Promise<{ stop(): Promise<void> }> {
  if (!dir) return { stop: async () => undefined };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  let stopped = false;
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(
        join(dir, `${name}.${process.pid}.${threadId}.${Date.now()}.cpuprofile`),
        JSON.stringify(profile),
      );
      session.disconnect();
    },
  };
}
