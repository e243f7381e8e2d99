/** JSON over fetch with the emulators' admin credential, and their refusals turned into sentences of the page's language. */
import { currentTexts } from '../i18n/texts';
import { sharedTexts } from './texts';

/** "Bearer owner": the emulators' admin bypass (what firebase-admin sends), never valid in production. */
export const OWNER = { Authorization: 'Bearer owner' };

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
    throw new Error(currentTexts(sharedTexts).http.unreachable(new URL(url).host));
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  // The emulator's own reason is English and technical; it follows the page's sentence so nothing is lost.
  // (A plain Error: the page only shows its message. The one RequestError is the emulators' own, for a request
  // they could not read: shared/http/request.ts.)
  if (!response.ok)
    throw new Error(currentTexts(sharedTexts).http.refused(response.status, errorMessage(body)));
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
