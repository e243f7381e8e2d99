/** Raw HTTP calls to an emulator, for the suites that check the wire itself rather than an SDK's reading of it. */

export interface RawResponse {
  status: number;
  body: unknown;
  text: string;
}

/** One HTTP request to the emulator, body as JSON (or raw text), answer parsed when it is JSON. */
export async function rawRequest(
  port: number,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the caller checks `text`.
  }
  return { status: response.status, body: parsed, text };
}

/** The header the admin SDKs and rules-unit-testing send to the emulators: every rule skipped. */
export const OWNER = { Authorization: 'Bearer owner' };
