/**
 * The security headers CloudFront's response headers policy adds in AWS (infra/stacks/web-stack.ts), for every
 * response the twin serves: the SPA, /api/* and /local/*. The Content-Security-Policy is the same but for the
 * twin's addresses: the uploads bucket is the twin's S3 on its own loopback port, and under the Vite dev
 * server the hot-reload socket and Vite's inline scripts (carrying the dev server's nonce) are allowed.
 * Strict-Transport-Security is left out: the twin is plain http on localhost, where browsers ignore it, and
 * an HSTS pin for "localhost" would hold for every port on the machine.
 */
export function securityHeaders(options: {
  port: number;
  /** The S3 endpoint presigned URLs name (the browser PUTs statements there). */
  s3Endpoint: string;
  /** The Vite dev server's nonce for the inline scripts it injects (npm start without WEB=dist). */
  viteNonce?: string;
}): Record<string, string> {
  const dev = options.viteNonce !== undefined;
  const hmr = dev ? ` ws://localhost:${options.port} ws://127.0.0.1:${options.port}` : '';
  return {
    'content-security-policy': [
      "default-src 'self'",
      `connect-src 'self' ${options.s3Endpoint}${hmr}`,
      "img-src 'self' data:",
      "style-src 'self' 'unsafe-inline'",
      dev ? `script-src 'self' 'nonce-${options.viteNonce}'` : "script-src 'self'",
      "font-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}
