/**
 * A stand-in for XMLHttpRequest, for the presigned PUT of a statement to storage (the only XHR the SPA makes:
 * fetch cannot report upload progress). Each request is recorded; by default it sends its body in two halves
 * and answers 200 on the next microtasks. `manual()` leaves progress and the answer to the test.
 */
export interface FakeUploadRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Blob | null;
  aborted: boolean;
  progress(loaded: number): void;
  respond(status: number): void;
  fail(): void;
}

export function createFakeXhr() {
  const requests: FakeUploadRequest[] = [];
  let automatic = true;

  class FakeXMLHttpRequest {
    status = 0;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request: FakeUploadRequest | null = null;

    open(method: string, url: string) {
      const request: FakeUploadRequest = {
        method,
        url,
        headers: {},
        body: null,
        aborted: false,
        progress: (loaded) => {
          const total = request.body?.size ?? 0;
          this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
        },
        respond: (status) => {
          this.status = status;
          this.onload?.();
        },
        fail: () => this.onerror?.(),
      };
      this.request = request;
    }

    setRequestHeader(name: string, value: string) {
      if (this.request) this.request.headers[name.toLowerCase()] = value;
    }

    send(body: Blob) {
      const request = this.request;
      if (!request) throw new Error('send() before open()');
      request.body = body;
      requests.push(request);
      if (!automatic) return;
      void Promise.resolve()
        .then(() => request.progress(Math.floor(body.size / 2)))
        .then(() => request.progress(body.size))
        .then(() => request.respond(200));
    }

    abort() {
      if (this.request) this.request.aborted = true;
      this.onabort?.();
    }
  }

  return {
    requests,
    XMLHttpRequest: FakeXMLHttpRequest,
    /** Leave each request's progress and answer to the test. */
    manual() {
      automatic = false;
    },
  };
}
