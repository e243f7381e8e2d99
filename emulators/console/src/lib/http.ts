/** JSON over fetch with the emulators' admin credential, and their error bodies turned into sentences. */

/** "Bearer owner": the emulators' admin bypass (what firebase-admin sends), never valid in production. */
export const OWNER = { Authorization: 'Bearer owner' };

export class RequestError extends Error {}

export async function requestJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: {
        ...OWNER,
        ...(init.body && typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : {}),
        ...init.headers,
      },
    });
  } catch {
    throw new RequestError(`Cannot reach ${new URL(url).host}: is that emulator running?`);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!response.ok) throw new RequestError(errorMessage(body) ?? `${response.status} ${response.statusText}`);
  return body as T;
}

function errorMessage(body: unknown): string | null {
  if (typeof body === 'string') return body || null;
  if (body && typeof body === 'object') {
    const b = body as { error?: unknown; message?: unknown };
    if (typeof b.error === 'string') return b.error;
    if (
      b.error &&
      typeof b.error === 'object' &&
      typeof (b.error as { message?: unknown }).message === 'string'
    )
      return (b.error as { message: string }).message;
    if (typeof b.message === 'string') return b.message;
  }
  return null;
}
