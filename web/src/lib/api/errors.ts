/** The server's error body: `{ "error": { "code", "message", "fields"? } }`. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> | null };
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, body: unknown) {
    const parsed = parseErrorBody(body);
    super(parsed?.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = parsed?.code ?? 'http_error';
    this.fields = parsed?.fields ?? {};
  }

  get isAuthError(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

function parseErrorBody(body: unknown): ApiErrorBody['error'] | null {
  if (!body || typeof body !== 'object' || !('error' in body)) return null;
  const e = (body as { error: unknown }).error;
  if (!e || typeof e !== 'object') return null;
  const o = e as Record<string, unknown>;
  const fields: Record<string, string> = {};
  if (o.fields && typeof o.fields === 'object') {
    for (const [k, v] of Object.entries(o.fields as Record<string, unknown>)) {
      if (typeof v === 'string') fields[k] = v;
    }
  }
  return {
    code: typeof o.code === 'string' ? o.code : 'http_error',
    message: typeof o.message === 'string' ? o.message : 'Request failed',
    fields,
  };
}

export function isAbortError(error: unknown): boolean {
  return (
    (error instanceof DOMException && error.name === 'AbortError') ||
    (error instanceof Error && error.name === 'AbortError')
  );
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** Turn an openapi-fetch result into data or a thrown ApiError. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (!result.response.ok) throw new ApiError(result.response.status, result.error);
  return result.data as T;
}
