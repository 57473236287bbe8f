import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { format, promisify } from 'node:util';
import { vi } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run statement -- …` is `tsx bin/statement.ts …`: its exit code and what it printed, from the real
 * command in a process of its own (Node, tsx's loader, the CLI's entry point).
 */
export async function spawnStatement(...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'bin/statement.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let turn: Promise<unknown> = Promise.resolve();

/**
 * The same command's `main` run in this process, with what it prints to console.log (stdout) and
 * console.error (stderr) captured, each line ending in a newline as a process's output does. Calls take turns,
 * so the output of one is never mixed with another's. Starting Node and compiling the CLI for every case
 * costs seconds a case; what the command does with its arguments and files is the same either way
 * (`spawnStatement` proves the real command runs).
 */
export function statement(...args: string[]): Promise<CliResult> {
  const result = turn.then(async () => {
    const { main } = await import('../../bin/statement');
    let stdout = '';
    let stderr = '';
    const log = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => {
      stdout += `${format(...parts)}\n`;
    });
    const error = vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => {
      stderr += `${format(...parts)}\n`;
    });
    try {
      const code = await main(args);
      return { code, stdout, stderr };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  });
  turn = result.catch(() => undefined);
  return result;
}
