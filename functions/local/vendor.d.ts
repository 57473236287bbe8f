// Minimal typings for the two emulators the twin embeds (neither ships its own).
declare module 'dynalite' {
  import type { Server } from 'node:http';

  interface DynaliteOptions {
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
  }
  function dynalite(options?: DynaliteOptions): Server;
  export default dynalite;
}

declare module 's3rver' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }
  class S3rver extends EventEmitter {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** Creates the configured buckets (what run() does before it listens). */
    configureBuckets(): Promise<void>;
    /** The request handler (Koa's), for a server of the caller's own. */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    store: {
      existsObject(bucket: string, key: string): Promise<boolean>;
      getBucket(bucket: string): Promise<object | null>;
    };
    logger: { exceptions: { unhandle(): void }; close(): void };
  }
  export default S3rver;
}
