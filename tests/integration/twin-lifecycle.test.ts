import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { documentClient } from '../../functions/adapters/dynamodb/client';
import { getObjectBytes, putObject } from '../../functions/adapters/s3/storage';
import { startTestTwin } from '../support/twin';

const dataDir = mkdtempSync(join(tmpdir(), 'ff-lifecycle-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the local twin keeps its state across restarts', () => {
  it('finds the table items, objects and signing key it had before', async () => {
    const first = await startTestTwin({ dataDir });
    const kid = first.signer.jwks.keys[0]?.kid;
    await documentClient().send(
      new PutCommand({ TableName: first.tableName, Item: { pk: 'T', sk: 'T', v: 42 } }),
    );
    await putObject('kept/object.json', '{"kept":true}', 'application/json');
    await first.stop();

    const second = await startTestTwin({ dataDir });
    try {
      const out = await documentClient().send(
        new GetCommand({ TableName: second.tableName, Key: { pk: 'T', sk: 'T' } }),
      );
      expect(out.Item?.v).toBe(42);
      expect(Buffer.from(await getObjectBytes('kept/object.json')).toString()).toBe('{"kept":true}');
      expect(second.signer.jwks.keys[0]?.kid).toBe(kid);
    } finally {
      await second.stop();
    }
  });
});

describe('npm start', () => {
  it('serves health within seconds and stops cleanly on Ctrl-C (SIGINT)', async () => {
    const child = spawn('node_modules/.bin/tsx', ['bin/local.ts'], {
      env: { ...process.env, PORT: '0', DATA_DIR: join(dataDir, 'start'), WEB: 'none' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed: ${output}`)), 120_000);
      const check = setInterval(() => {
        const match = /running on the local twin: (http:\/\/localhost:\d+)/.exec(output);
        if (match) {
          clearInterval(check);
          clearTimeout(timer);
          resolve(match[1]!);
        }
      }, 50);
    });
    const health = (await (await fetch(`${url}/api/health`)).json()) as { status: string };
    expect(health.status).toBe('ok');
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exit).toBe(0);
    expect(output).toContain('Stopped.');
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });
});
