/**
 * How the offline emulators hand events to firebase-tools' Functions emulator (Firestore's trigger events,
 * Storage's object events; emulators/docs/function-triggers.md): an HTTP POST, sent again with back-off while it
 * is not taken (no connection, a 503), and queues that keep one document's or object's events in their order
 * without holding up the others.
 */
import http from 'node:http';

/** POSTs `body` to the Functions emulator at `functionsHost` (host:port); resolves with its status. */
export function postToFunctionsEmulator(
  functionsHost: string,
  path: string,
  headers: http.OutgoingHttpHeaders,
  body: Buffer,
  timeoutMs: number,
): Promise<number> {
  const at = functionsHost.lastIndexOf(':');
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: functionsHost.slice(0, at).replace(/^\[|\]$/g, ''),
        port: Number(functionsHost.slice(at + 1)),
        method: 'POST',
        path,
        headers: { ...headers, 'content-length': String(body.length) },
        timeout: timeoutMs,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer from the Functions emulator in time')));
    request.on('error', reject);
    request.end(body);
  });
}

export interface RetryOptions {
  /** Attempts in all. */
  attempts: number;
  /** The first back-off; doubled after each attempt, up to 15 s. */
  retryDelayMs: number;
  /** True once the emulator stops: nothing more is sent. */
  stopped: () => boolean;
  /** An error after which trying again is pointless (say, nothing listens); by default every error is retried. */
  isFinal?: (error: unknown) => boolean;
}

export interface SendOutcome {
  /** The Functions emulator's answer, when it took the event (anything but a 503). */
  status?: number;
  attempts: number;
  /** Why it was not taken: the last error, "HTTP 503", or "the emulator stopped". */
  error?: string;
  /** The error `isFinal` ended the attempts on. */
  finalError?: unknown;
}

const MAX_RETRY_DELAY_MS = 15_000;

/** Sends until the Functions emulator takes it, the attempts run out, the emulator stops or an error is final. */
export async function sendUntilTaken(
  send: () => Promise<number>,
  options: RetryOptions,
): Promise<SendOutcome> {
  let delay = options.retryDelayMs;
  let error = '';
  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    if (options.stopped()) return { attempts: attempt - 1, error: 'the emulator stopped' };
    try {
      const status = await send();
      if (status !== 503) return { status, attempts: attempt };
      error = 'HTTP 503';
    } catch (caught) {
      if (options.isFinal?.(caught)) return { attempts: attempt, error: String(caught), finalError: caught };
      error = caught instanceof Error ? caught.message : String(caught);
    }
    if (attempt < options.attempts) {
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
      delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
    }
  }
  return { attempts: options.attempts, error };
}

/**
 * Work run one at a time per key, in the order it was queued; other keys are not held up. A failure is handed to
 * `onError` and the key's next work still runs.
 */
export class OrderedQueues {
  private readonly tails = new Map<string, Promise<void>>();
  private pending = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly onError: (error: unknown) => void) {}

  run(key: string, work: () => Promise<void>): void {
    this.pending++;
    const next = (this.tails.get(key) ?? Promise.resolve())
      .then(work)
      .catch(this.onError)
      .finally(() => {
        if (this.tails.get(key) === next) this.tails.delete(key);
        if (--this.pending === 0) for (const wake of this.idleWaiters.splice(0)) wake();
      });
    this.tails.set(key, next);
  }

  /** Resolves when every queued work has run. */
  idle(): Promise<void> {
    return this.pending === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Resolves when the work queued so far has run, whatever is queued after: unlike idle(), a shop that keeps
   * busy never holds it up. Each key's tail already waits for that key's earlier work.
   */
  async settled(): Promise<void> {
    await Promise.all(this.tails.values());
  }
}
