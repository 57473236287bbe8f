import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HttpResponse } from '@smithy/core/protocols';
import type { HttpRequest, RequestHandler } from '@smithy/types';

/**
 * The twin's own DynamoDB requests carried to its DynamoDB thread over a MessagePort instead of a loopback
 * socket. The AWS SDK builds, sends and reads each request as ever (the same middleware, headers, JSON and
 * errors); only the request handler at the end of its stack differs: the request's method, path, headers and
 * body are posted to the DynamoDB thread, which hands them to dynalite's own HTTP handler, through the same
 * 'request' listeners as a request from its socket (the calls counted, a few worked on at once), and posts
 * back the status, headers and body dynalite wrote. What is saved is HTTP itself on both threads: Node's
 * client and agent, the socket writes and reads, the parser and the server's response, which under the load
 * were about a tenth of an API worker's busy time and more of the DynamoDB thread's. The loopback port stays,
 * for anything else that calls the twin's DynamoDB. In AWS, the SDK's own HTTP handler is used, as ever.
 */

/** A request, as posted to the DynamoDB thread. */
export interface ChannelRequest {
  id: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

/** dynalite's answer, as posted back. */
export interface ChannelReply {
  id: number;
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** What dynalite reads of a request: its headers, method and url, and its body as a stream. */
class RequestOnChannel extends Readable {
  readonly headers: Record<string, string>;
  readonly method: string;
  readonly url: string;
  constructor(message: ChannelRequest) {
    super();
    this.headers = message.headers;
    this.method = message.method;
    this.url = message.url;
    const body = typeof message.body === 'string' ? Buffer.from(message.body) : Buffer.from(message.body);
    if (body.length) this.push(body);
    this.push(null);
  }
  override _read(): void {}
}

/** What dynalite writes of an answer: a status, headers and a body, then 'finish' and 'close' as Node's. */
class ResponseOnChannel extends EventEmitter {
  statusCode = 200;
  headersSent = false;
  writableEnded = false;
  private readonly headerValues: Record<string, string> = {};
  private readonly chunks: string[] = [];
  constructor(private readonly answer: (reply: Omit<ChannelReply, 'id'>) => void) {
    super();
  }
  setHeader(name: string, value: string | number | readonly string[]): this {
    this.headerValues[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    return this;
  }
  getHeader(name: string): string | undefined {
    return this.headerValues[name.toLowerCase()];
  }
  removeHeader(name: string): void {
    delete this.headerValues[name.toLowerCase()];
  }
  write(chunk: string | Uint8Array): boolean {
    this.headersSent = true;
    this.chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  }
  end(chunk?: string | Uint8Array): this {
    if (this.writableEnded) return this;
    if (chunk !== undefined && chunk !== null) this.write(chunk);
    this.headersSent = true;
    this.writableEnded = true;
    const headers = { ...this.headerValues };
    // Node's server drops a body it was told is sent with Transfer-Encoding and adds the length otherwise;
    // the SDK reads neither.
    delete headers['transfer-encoding'];
    this.answer({ statusCode: this.statusCode, headers, body: this.chunks.join('') });
    this.emit('finish');
    this.emit('close');
    return this;
  }
}

/**
 * The DynamoDB thread's side: each request posted on `port` is handed to `server`'s 'request' listeners (as
 * one from a socket is), and dynalite's answer posted back with its id.
 */
export function answerOnChannel(server: Server, port: MessagePort): void {
  port.on('message', (message: ChannelRequest) => {
    const request = new RequestOnChannel(message);
    const response = new ResponseOnChannel((reply) => port.postMessage({ id: message.id, ...reply }));
    server.emit('request', request as unknown as IncomingMessage, response as unknown as ServerResponse);
  });
}

/** The SDK's side: a request handler that posts each request on `port` and resolves with the answer. */
export class DynamoChannelHandler
  implements RequestHandler<HttpRequest, HttpResponse, { abortSignal?: AbortSignal }>
{
  readonly metadata = { handlerProtocol: 'http/1.1' };
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (reply: ChannelReply) => void; reject: (error: Error) => void }
  >();
  constructor(private readonly port: MessagePort) {
    port.on('message', (reply: ChannelReply) => {
      const pending = this.waiting.get(reply.id);
      if (!pending) return;
      this.settled(reply.id);
      pending.resolve(reply);
    });
    // The DynamoDB thread closed (the twin is closing): what is under way fails as on a closed socket.
    port.on('close', () => {
      for (const [id, pending] of this.waiting) {
        this.waiting.delete(id);
        pending.reject(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
      }
    });
    // Only requests under way keep the process alive, as with sockets.
    port.unref();
  }

  private settled(id: number): void {
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.port.unref();
  }

  async handle(
    request: HttpRequest,
    { abortSignal }: { abortSignal?: AbortSignal } = {},
  ): Promise<{ response: HttpResponse }> {
    if (abortSignal?.aborted) throw abortError();
    const query = Object.entries(request.query ?? {}).flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value]).map((v) =>
        v === null || v === undefined
          ? encodeURIComponent(key)
          : `${encodeURIComponent(key)}=${encodeURIComponent(v)}`,
      ),
    );
    const id = this.nextId++;
    const message: ChannelRequest = {
      id,
      method: request.method,
      url: `${request.path || '/'}${query.length ? `?${query.join('&')}` : ''}`,
      headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v])),
      body: request.body === undefined || request.body === null ? '' : (request.body as string | Uint8Array),
    };
    const reply = await new Promise<ChannelReply>((resolve, reject) => {
      if (this.waiting.size === 0) this.port.ref();
      this.waiting.set(id, { resolve, reject });
      abortSignal?.addEventListener(
        'abort',
        () => {
          if (!this.waiting.has(id)) return;
          this.settled(id);
          reject(abortError());
        },
        { once: true },
      );
      this.port.postMessage(message);
    });
    return {
      response: new HttpResponse({
        statusCode: reply.statusCode,
        headers: reply.headers,
        body: Buffer.from(reply.body),
      }),
    };
  }

  updateHttpClientConfig(): void {}
  httpHandlerConfigs(): Record<string, never> {
    return {};
  }
  /** A client destroyed leaves the channel open: the twin builds its next client on the same one. */
  destroy(): void {}
}

function abortError(): Error {
  const error = new Error('Request aborted');
  error.name = 'AbortError';
  return error;
}

/**
 * The change (for `adjustDynamoClient`) that points each client the twin builds at its DynamoDB thread over
 * `port`: one handler for the port, shared by the clients built one after another.
 */
export function sendOverChannel(port: MessagePort): (client: DynamoDBClient) => void {
  const handler = new DynamoChannelHandler(port);
  return (client) => {
    (client.config as { requestHandler: unknown }).requestHandler = handler;
  };
}
