import type { z } from 'zod';
import { ApiError, parseErrorBody } from './errors';
import { clearToken, getToken } from './token';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type RequestOptions<S extends z.ZodType> = {
  method?: Method;
  body?: unknown;
  /**
   * The contract's response schema, the answer is parsed with it; or a loader of it (`early(name)`)
   * for the calls made before the first page shows, loaded beside the request.
   */
  schema: S | (() => Promise<S>);
  /**
   * A 401 on a signed-in call means the session ended: sign out. Calls whose 401 means something
   * else (sign-in itself) turn this off.
   */
  signOutOn401?: boolean;
  /** Headers of this call only, e.g. a money call's Idempotency-Key. */
  headers?: Record<string, string>;
};

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * The server refused the session's token mid-use (expired, signed out elsewhere, user disabled):
 * sign-in, saying why, and back to this page after (`next`). A full load, so nothing of the ended
 * session stays in memory.
 */
export const endSession = () => {
  clearToken();
  const here = window.location.pathname + window.location.search;
  const next = here.startsWith('/login') ? '' : `&next=${encodeURIComponent(here)}`;
  window.location.assign(`/login?ended=1${next}`);
};

export const request = async <S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.infer<S>> => {
  const { method = 'GET', body, schema, signOutOn401 = true } = options;
  const token = getToken();
  const checker = typeof schema === 'function' ? (schema as () => Promise<S>)() : Promise.resolve(schema);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, null);
  }
  const data = await readJson(response);
  if (!response.ok) {
    if (response.status === 401 && token && signOutOn401) endSession();
    throw new ApiError(response.status, await parseErrorBody(data));
  }
  const parsed = (await checker).safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error);
    throw new ApiError(response.status, { message: '', code: 'BAD_RESPONSE' });
  }
  return parsed.data;
};

type Schema<S extends z.ZodType> = RequestOptions<S>['schema'];

export const api = {
  get: <S extends z.ZodType>(path: string, schema: Schema<S>) => request(path, { schema }),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: Schema<S>, signOutOn401?: boolean) =>
    request(path, { method: 'POST', body, schema, signOutOn401 }),
  patch: <S extends z.ZodType>(path: string, body: unknown, schema: Schema<S>) =>
    request(path, { method: 'PATCH', body, schema }),
};
