import { type CollectResult, TEXTRACT_MESSAGES } from '../textract/blocks';
import { OcrEngine } from './engine';
import { readScan, SCAN_MESSAGES } from './scan-reader';

/**
 * THE LOCAL STAND-IN FOR TEXTRACT (the twin only; AWS uses functions/adapters/textract). It serves the same
 * text-recognition port as Textract's asynchronous text detection:
 *  start({ bucket, key, token })  reads the object from the twin's S3 and starts recognising it in this
 *                                 process; the same token starts nothing new (a retried Extract is harmless)
 *  result(jobId)                  `in_progress` until the scan has been read, then its blocks (or why not)
 * A job id carries its object's location, so a pipeline resumed after the twin restarted finds its scan
 * again (the recognition starts over). result() waits up to `waitMs` for a running job before answering
 * `in_progress`, so the pipeline's polls (shortened on the twin) allow as long for a long scan as in AWS.
 */
export interface ScanLocation {
  bucket: string;
  key: string;
  token: string;
}

const PREFIX = 'local-ocr:';
const KEPT_RESULTS = 20;

interface Job {
  done: Promise<CollectResult>;
  result?: CollectResult;
}

export class LocalTextRecognition {
  private readonly jobs = new Map<string, Job>();
  private readonly engine: OcrEngine | null;
  private readonly read: (bytes: Uint8Array) => Promise<CollectResult>;
  private readonly label: () => string;
  private readonly readObject: (bucket: string, key: string) => Promise<Uint8Array>;
  private readonly waitMs: number;

  constructor(options: {
    readObject: (bucket: string, key: string) => Promise<Uint8Array>;
    engine?: OcrEngine;
    /** Reads a scan elsewhere (the twin's PDF process, which has its own engine) instead of with `engine`. */
    reader?: { read: (bytes: Uint8Array) => Promise<CollectResult>; describe: () => string };
    waitMs?: number;
  }) {
    this.readObject = options.readObject;
    this.waitMs = options.waitMs ?? 2000;
    const { reader } = options;
    if (reader) {
      this.engine = null;
      this.read = reader.read;
      this.label = reader.describe;
    } else {
      const engine = options.engine ?? new OcrEngine();
      this.engine = engine;
      this.read = (bytes) => readScan(bytes, engine);
      this.label = () =>
        `${engine.workers} worker(s) ${engine.started ? 'running' : 'started by the first scan'}`;
    }
  }

  /** For the twin's health: the engine's workers and the scans being read. */
  describe(): string {
    const running = [...this.jobs.values()].filter((j) => !j.result).length;
    return `local OCR stand-in for Textract (tesseract.js, English; ${this.label()}; ${running} scan(s) being read)`;
  }

  async start(location: ScanLocation): Promise<string> {
    const jobId = `${PREFIX}${Buffer.from(JSON.stringify(location)).toString('base64url')}`;
    this.launch(location);
    return jobId;
  }

  async result(jobId: string): Promise<CollectResult> {
    const location = decode(jobId);
    if (!location) return { ok: false, reason: 'failed', message: SCAN_MESSAGES.failed };
    const job = this.launch(location);
    if (!job.result) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        job.done,
        new Promise((resolve) => {
          timer = setTimeout(resolve, this.waitMs);
        }),
      ]);
      clearTimeout(timer);
    }
    return job.result ?? { ok: false, reason: 'in_progress', message: TEXTRACT_MESSAGES.in_progress };
  }

  /** Ends the engine's workers; scans still being read fail (their pipelines resume on the next start). */
  async close(): Promise<void> {
    await this.engine?.close();
  }

  private launch(location: ScanLocation): Job {
    const existing = this.jobs.get(location.token);
    if (existing) return existing;
    const job: Job = {
      done: this.readObject(location.bucket, location.key)
        .then((bytes) => this.read(bytes))
        .catch((): CollectResult => ({ ok: false, reason: 'failed', message: SCAN_MESSAGES.failed }))
        .then((result) => {
          job.result = result;
          this.forgetOldResults();
          return result;
        }),
    };
    this.jobs.set(location.token, job);
    return job;
  }

  private forgetOldResults() {
    const finished = [...this.jobs.entries()].filter(([, j]) => j.result);
    for (const [token] of finished.slice(0, Math.max(0, finished.length - KEPT_RESULTS)))
      this.jobs.delete(token);
  }
}

function decode(jobId: string): ScanLocation | null {
  if (!jobId.startsWith(PREFIX)) return null;
  try {
    const value = JSON.parse(
      Buffer.from(jobId.slice(PREFIX.length), 'base64url').toString('utf8'),
    ) as unknown;
    if (
      value &&
      typeof value === 'object' &&
      'bucket' in value &&
      'key' in value &&
      'token' in value &&
      typeof value.bucket === 'string' &&
      typeof value.key === 'string' &&
      typeof value.token === 'string'
    ) {
      return { bucket: value.bucket, key: value.key, token: value.token };
    }
  } catch {}
  return null;
}
