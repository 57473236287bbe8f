import type { DynamoDBClient, ServiceInputTypes, ServiceOutputTypes } from '@aws-sdk/client-dynamodb';
import type { FinalizeRequestMiddleware } from '@smithy/types';

/**
 * The twin's DynamoDB (dynalite) checks that a request carries an Authorization header of SigV4's form and a
 * date, and never checks the signature: it listens on loopback, and anything on the machine may call it with
 * or without one. Signing each request (the canonical request, its SHA-256 and four HMACs) is then work for
 * nothing, about a tenth of an API worker's CPU under load. The twin's clients send that form unsigned
 * instead: the date, and a Credential, SignedHeaders and Signature that no one reads. Set by the twin's
 * composition (server.ts, api-worker.ts) through the adapter's `adjustDynamoClient`; in AWS, requests are signed
 * as the SDK signs them.
 */
export function sendUnsigned(client: DynamoDBClient): void {
  client.middlewareStack.remove('httpSigningMiddleware');
  client.middlewareStack.addRelativeTo(unsignedHeaders, {
    name: 'twinUnsignedHeadersMiddleware',
    relation: 'after',
    toMiddleware: 'retryMiddleware',
  });
}

const unsignedHeaders: FinalizeRequestMiddleware<ServiceInputTypes, ServiceOutputTypes> =
  (next) => async (args) => {
    const request = args.request as { headers?: Record<string, string> };
    if (request.headers) {
      const date = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
      request.headers['x-amz-date'] = date;
      request.headers.authorization = `AWS4-HMAC-SHA256 Credential=local/${date.slice(0, 8)}/local/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=unsigned`;
    }
    return next(args);
  };

/**
 * The steps of each request whose headers the twin's DynamoDB never reads, left out of the twin's clients: the
 * SDK's user agent (two headers built for each request), the Host header (its requests go over a channel,
 * ./dynamo-channel.ts, or Node's HTTP client sets it) and Lambda's recursion detection (a trace header, added
 * only inside a Lambda with a trace id, which the twin never is). Each costs a little of every call; dynalite
 * answers the same. In AWS the SDK sends them as ever.
 */
export function sendWithoutUnreadHeaders(client: DynamoDBClient): void {
  for (const step of ['getUserAgentMiddleware', 'hostHeaderMiddleware', 'recursionDetectionMiddleware'])
    client.middlewareStack.remove(step);
}
