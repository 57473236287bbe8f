import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { startDynamo } from '../../../functions/local/emulators';
import { limitRequestsAtOnce } from '../../../functions/local/requests-at-once';

/**
 * The twin's DynamoDB works on a few requests at once (functions/local/requests-at-once.ts): the others wait
 * their turn, unread, and each is answered as it would have been.
 */
function heldServer(atOnce: number) {
  const held: Array<{ body: string; release: () => void }> = [];
  let inside = 0;
  let most = 0;
  const entered: Array<() => void> = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    inside++;
    most = Math.max(most, inside);
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      held.push({
        body,
        release: () => {
          inside--;
          res.end(`answer to ${body}`);
        },
      });
      for (const wake of entered.splice(0)) wake();
    });
  });
  limitRequestsAtOnce(server, atOnce);
  const heldCount = async (n: number) => {
    while (held.length < n) await new Promise<void>((resolve) => entered.push(resolve));
  };
  return { server, held, heldCount, most: () => most };
}

function send(port: number, body: string, agentless = true) {
  const req = request({ port, method: 'POST', path: '/', agent: agentless ? false : undefined });
  const answer = new Promise<string>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
  });
  req.end(body);
  return { req, answer };
}

async function listening(server: ReturnType<typeof createServer>): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('requests worked on at once', () => {
  it('works on at most that many at a time, and answers every request with its own answer', async () => {
    const { server, held, heldCount, most } = heldServer(3);
    const port = await listening(server);
    try {
      const sent = Array.from({ length: 10 }, (_, i) => send(port, `request ${i}`));
      let answered = 0;
      while (answered < 10) {
        await heldCount(answered + Math.min(3, 10 - answered));
        expect(held.length - answered).toBeLessThanOrEqual(3);
        held[answered]!.release();
        answered++;
      }
      const answers = await Promise.all(sent.map((s) => s.answer));
      expect(answers.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `answer to request ${i}`).sort());
      expect(most()).toBe(3);
    } finally {
      server.close();
    }
  });

  it('gives no place to a request whose client left while it waited', async () => {
    const { server, held, heldCount } = heldServer(1);
    const port = await listening(server);
    try {
      const first = send(port, 'first');
      await heldCount(1);
      const gone = send(port, 'gone');
      gone.answer.catch(() => undefined);
      const left = new Promise((resolve) => gone.req.on('close', resolve));
      gone.req.destroy();
      await left;
      const last = send(port, 'last');
      held[0]!.release();
      expect(await first.answer).toBe('answer to first');
      // The request that left is never worked on (or, had it started before it left, answered to nobody);
      // the next one still gets its turn.
      await heldCount(2);
      for (const h of held.slice(1)) h.release();
      expect(await last.answer).toBe('answer to last');
      expect(held.map((h) => h.body).filter((b) => b !== 'gone')).toEqual(['first', 'last']);
    } finally {
      server.close();
    }
  });
});

describe("the twin's DynamoDB, a few requests at once", () => {
  const dir = mkdtempSync(join(tmpdir(), 'ff-requests-at-once-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stores every item of 32 BatchWriteItems sent together, and answers a wrongly typed value with SerializationException', async () => {
    const dynamo = await startDynamo({ directory: dir, tableName: 'at-once' });
    const doc = DynamoDBDocumentClient.from(dynamo.client);
    try {
      const items = Array.from({ length: 800 }, (_, n) => ({
        pk: 'P#1',
        sk: `ROW#${String(n).padStart(4, '0')}`,
        gsi1pk: 'ALL',
        gsi1sk: String(n).padStart(4, '0'),
        n,
      }));
      await Promise.all(
        Array.from({ length: 32 }, (_, b) =>
          doc.send(
            new BatchWriteCommand({
              RequestItems: {
                'at-once': items.slice(b * 25, b * 25 + 25).map((Item) => ({ PutRequest: { Item } })),
              },
            }),
          ),
        ),
      );
      const read = await doc.send(
        new QueryCommand({
          TableName: 'at-once',
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :p',
          ExpressionAttributeValues: { ':p': 'ALL' },
        }),
      );
      expect(read.Items?.map((i) => i.n)).toEqual(items.map((i) => i.n));

      const wrong = await fetch(dynamo.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': 'DynamoDB_20120810.PutItem',
          authorization:
            'AWS4-HMAC-SHA256 Credential=local/20250101/eu-west-2/dynamodb/aws4_request, SignedHeaders=host, Signature=x',
          'x-amz-date': '20250101T000000Z',
        },
        body: JSON.stringify({ TableName: 'at-once', Item: { pk: { S: 5 }, sk: { S: 'x' } } }),
      });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toEqual({
        __type: 'com.amazon.coral.service#SerializationException',
        Message: 'NUMBER_VALUE cannot be converted to String',
      });
    } finally {
      await dynamo.close();
    }
  });
});
