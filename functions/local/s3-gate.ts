import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { checkS3Signature } from './s3-signature';

/**
 * The door of the twin's S3, and its only one: a loopback server that hands to s3rver (in the same process,
 * with no port of its own) only the requests S3 would accept (see s3-signature.ts): presigned URLs on their
 * own key and method, unexpired, and the SDK's header-signed calls. CORS preflights (which carry no signature,
 * in AWS either) go straight to s3rver, which answers them from the bucket's CORS rules. Refusals are S3's XML
 * errors, readable by the SPA's origin.
 *
 * A PUT carrying `If-None-Match: *` (which S3 honours since 2024, and which the upload links sign) writes only
 * where no object is: an existing key answers 412 PreconditionFailed, and a second such PUT while the first is
 * still being written answers 409 ConditionalRequestConflict, as S3 does. s3rver knows neither, so the gate
 * keeps them.
 *
 * HeadBucket (`HEAD /bucket`, what the health check sends) is answered here from whether the bucket exists:
 * s3rver routes a HEAD as the GET of the same path, which for a bucket is ListObjects, so every health check
 * listed up to 1,000 keys and read each one's metadata, a cost growing with the uploads stored.
 */
export interface S3Gate {
  endpoint: string;
  close(): Promise<void>;
}

const STATUS: Record<string, number> = {
  AccessDenied: 403,
  SignatureDoesNotMatch: 403,
  InvalidAccessKeyId: 403,
  PreconditionFailed: 412,
  ConditionalRequestConflict: 409,
  NotImplemented: 501,
  InternalError: 500,
};

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function refuse(req: IncomingMessage, res: ServerResponse, code: string, message: string, origins: string[]) {
  req.resume();
  const origin = req.headers.origin;
  res.writeHead(STATUS[code] ?? 400, {
    'content-type': 'application/xml',
    ...(origin && origins.includes(origin) ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {}),
  });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message></Error>`,
  );
}

/** The bucket and key of a path-style request (`/bucket/key`), decoded; null for the service or a bucket. */
export function objectOf(url: string): { bucket: string; key: string } | null {
  const path = url.split('?')[0] ?? '/';
  const match = /^\/([^/]+)\/(.+)$/.exec(path);
  if (!match) return null;
  try {
    return { bucket: decodeURIComponent(match[1] ?? ''), key: decodeURIComponent(match[2] ?? '') };
  } catch {
    return null;
  }
}

/** The bucket of a path-style request on a bucket alone (`/bucket`, no key, no subresource); else null. */
export function bucketOf(url: string): string | null {
  const [path = '/', query] = url.split('?');
  if (query) return null;
  const match = /^\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1] ?? '');
  } catch {
    return null;
  }
}

async function answerHeadBucket(
  req: IncomingMessage,
  res: ServerResponse,
  bucket: string,
  bucketExists: (bucket: string) => Promise<boolean>,
) {
  req.resume();
  // As S3 answers: 200 with the bucket's region, or 404 with no body (a HEAD carries none).
  const found = await bucketExists(bucket);
  res.writeHead(found ? 200 : 404, found ? { 'x-amz-bucket-region': 'eu-west-2' } : {});
  res.end();
}

export async function startS3Gate(options: {
  /** s3rver's request handler (its Koa callback): reached only through this gate. */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** Whether an object is stored under the key (for If-None-Match: *). */
  exists: (bucket: string, key: string) => Promise<boolean>;
  /** Whether the bucket exists (for HeadBucket). */
  bucketExists: (bucket: string) => Promise<boolean>;
  corsOrigins: string[];
}): Promise<S3Gate> {
  const writing = new Set<string>();
  const conditionalPut = async (req: IncomingMessage, res: ServerResponse) => {
    const target = objectOf(req.url ?? '/');
    if (!target)
      return refuse(req, res, 'InvalidRequest', 'If-None-Match needs an object key.', options.corsOrigins);
    const id = `${target.bucket}/${target.key}`;
    if (writing.has(id))
      return refuse(
        req,
        res,
        'ConditionalRequestConflict',
        'A conflicting conditional operation is currently in progress against this resource.',
        options.corsOrigins,
      );
    writing.add(id);
    try {
      if (await options.exists(target.bucket, target.key)) {
        writing.delete(id);
        return refuse(
          req,
          res,
          'PreconditionFailed',
          'At least one of the pre-conditions you specified did not hold',
          options.corsOrigins,
        );
      }
    } catch (error) {
      writing.delete(id);
      throw error;
    }
    res.once('close', () => writing.delete(id));
    options.handle(req, res);
  };
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') return options.handle(req, res);
    checkS3Signature({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers })
      .then((check) => {
        if (!check.ok) return refuse(req, res, check.code, check.message, options.corsOrigins);
        const headBucket = req.method === 'HEAD' ? bucketOf(req.url ?? '/') : null;
        if (headBucket !== null) return answerHeadBucket(req, res, headBucket, options.bucketExists);
        if (req.method === 'PUT' && req.headers['if-none-match'] !== undefined) {
          if (req.headers['if-none-match'] !== '*')
            return refuse(
              req,
              res,
              'NotImplemented',
              'If-None-Match on a write takes only *.',
              options.corsOrigins,
            );
          return conditionalPut(req, res);
        }
        options.handle(req, res);
      })
      .catch(() =>
        refuse(req, res, 'InternalError', 'We encountered an internal error.', options.corsOrigins),
      );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
