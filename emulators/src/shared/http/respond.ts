/** Writing answers, the same way for both emulators (each brings its own JSON text and error body). */
import type { ServerResponse } from 'node:http';

export function sendJsonText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

/**
 * An error answer, unless the answer has already begun (a download cut short, a stream): then cutting the
 * connection is the only way left to tell the client something went wrong.
 */
export function sendFailure(res: ServerResponse, answer: () => void): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  answer();
}
