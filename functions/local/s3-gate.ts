import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import { checkS3Signature } from './s3-signature';

/**
 * The door of the twin's S3: a loopback proxy in front of s3rver that lets through only requests S3 would
 * accept (see s3-signature.ts): presigned URLs on their own key and method, unexpired, and the SDK's
 * header-signed calls. CORS preflights (which carry no signature, in AWS either) go straight to s3rver, which
 * answers them from the bucket's CORS rules. Refusals are S3's XML errors, readable by the SPA's origin.
 */
export interface S3Gate {
  endpoint: string;
  close(): Promise<void>;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function refuse(req: IncomingMessage, res: ServerResponse, code: string, message: string, origins: string[]) {
  req.resume();
  const origin = req.headers.origin;
  res.writeHead(
    code === 'AccessDenied' || code === 'SignatureDoesNotMatch' || code === 'InvalidAccessKeyId' ? 403 : 400,
    {
      'content-type': 'application/xml',
      ...(origin && origins.includes(origin)
        ? { 'access-control-allow-origin': origin, vary: 'Origin' }
        : {}),
    },
  );
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message></Error>`,
  );
}

export async function startS3Gate(options: { upstreamPort: number; corsOrigins: string[] }): Promise<S3Gate> {
  const server = createServer((req, res) => {
    const pass = () => {
      const upstream = forward(
        {
          host: '127.0.0.1',
          port: options.upstreamPort,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/xml' });
        res.end();
      });
      req.pipe(upstream);
    };
    if (req.method === 'OPTIONS') return pass();
    checkS3Signature({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers })
      .then((check) => (check.ok ? pass() : refuse(req, res, check.code, check.message, options.corsOrigins)))
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
