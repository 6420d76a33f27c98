/**
 * Calls the guildcraft JSON API from a page. A server started with --token needs it on every API call; the person gets
 * it in the page's link (`/cuisine?token=…`), so it is read from the page's own URL and sent as a Bearer header.
 * Errors arrive as the server's `{ error, hint }` and are thrown as one readable message.
 */
import type { ErrorBody } from '../../src/server/http-errors.js';

export type HttpMethod = 'GET' | 'POST';

const token = new URLSearchParams(location.search).get('token');

function isErrorBody(data: unknown): data is ErrorBody {
  return typeof data === 'object' && data !== null && typeof (data as { error?: unknown }).error === 'string';
}

/** `T` is the response type the server declares for this route (imported from the server's own types). */
export async function callApi<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    data = null; // an empty or non-JSON body: the status says what happened
  }
  if (!res.ok) {
    throw new Error(isErrorBody(data) ? data.error + (data.hint ? ` (${data.hint})` : '') : `HTTP ${res.status} from ${method} ${path}`);
  }
  return data as T;
}
