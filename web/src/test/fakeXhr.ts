/**
 * A stand-in XMLHttpRequest for uploads (POST /document goes by XHR for its progress): the test
 * decides when the bytes go up and what the server says. Install with
 * `vi.stubGlobal('XMLHttpRequest', FakeXhr)` and reset `FakeXhr.sent` before each test.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  /** The multipart fields by name (the file as its name). */
  fields(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of (this.body as FormData).entries()) {
      out[name] = typeof value === 'string' ? value : value.name;
    }
    return out;
  }
}
