import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config, requireConfig } from '../../shared/config';

let client: DynamoDBDocumentClient | undefined;

/** The module-scoped DynamoDB document client (one per container, never per request). */
export function documentClient(): DynamoDBDocumentClient {
  if (!client) {
    const { APP_MODE, AWS_REGION, DYNAMODB_ENDPOINT } = config();
    const local = APP_MODE === 'local';
    const raw = new DynamoDBClient({
      region: AWS_REGION,
      ...(local
        ? {
            endpoint: DYNAMODB_ENDPOINT ?? requireConfig('DYNAMODB_ENDPOINT'),
            credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          }
        : {}),
    });
    // The SDK's logger step copies every request and answer, attribute by attribute, to hide sensitive
    // fields from a logger, even when (as here) no logger is configured and nothing is logged: for a batch of
    // 25 rows or a page of 1,000, that copy is a large part of the client's own work. Nothing is lost by
    // leaving it out: errors still reach the caller, and the SDK's default logger logs nothing.
    raw.middlewareStack.remove('loggerMiddleware');
    if (local) unsignedForTheTwin(raw);
    // paging.ts marshallItem gives what these options give for the values rows hold.
    client = DynamoDBDocumentClient.from(raw, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return client;
}

/**
 * The twin's DynamoDB (dynalite) checks that a request carries an Authorization header of Signature Version
 * 4's form and a date, and never checks the signature itself; the SDK's signing (a SHA-256 of every request
 * body, then the canonical request and its HMACs) cost 110–250 ms of the 860 ms of the twin thread's CPU
 * time for the 200 BatchWriteItems of a 5,000-row statement (measured alone). On the twin only, requests
 * carry a header of that form with no signature computed; in AWS the client signs as ever.
 */
function unsignedForTheTwin(raw: DynamoDBClient): void {
  if (!raw.middlewareStack.remove('httpSigningMiddleware'))
    throw new Error("the DynamoDB client has no 'httpSigningMiddleware' to leave out on the twin");
  // An Authorization header of SigV4's form, dated now, with no signature computed.
  raw.middlewareStack.add(
    (next) => (args) => {
      const request = (args as { request?: { headers?: Record<string, string> } }).request;
      if (request?.headers) {
        const date = `${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
        request.headers['x-amz-date'] = date;
        request.headers.authorization = `AWS4-HMAC-SHA256 Credential=local/${date.slice(0, 8)}/local/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=unsigned`;
      }
      return next(args);
    },
    { step: 'finalizeRequest', name: 'twinAuthorizationMiddleware', override: true },
  );
}

export function tableName(): string {
  return requireConfig('TABLE_NAME');
}

/** Tests and the twin re-point the client after changing the endpoint. */
export function resetDocumentClient(): void {
  client?.destroy();
  client = undefined;
}
