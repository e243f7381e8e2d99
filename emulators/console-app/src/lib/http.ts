/** JSON over fetch with the emulators' admin credential, and their refusals turned into sentences of the page's language. */
import { currentTexts } from '../i18n/texts';
import { sharedTexts } from './texts';

/** "Bearer owner": the emulators' admin bypass (what firebase-admin sends), never valid in production. */
export const OWNER = { Authorization: 'Bearer owner' };

/**
 * An emulator's refusal: the page's sentence as the message, the status and the emulator's own reason kept for
 * a page that explains some refusals further (a query that needs an index).
 */
export class EmulatorRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly detail: string | null,
  ) {
    super(message);
  }
}

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
  if (!response.ok) {
    const detail = errorMessage(body);
    throw new EmulatorRefusal(
      currentTexts(sharedTexts).http.refused(response.status, detail),
      response.status,
      detail,
    );
  }
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
