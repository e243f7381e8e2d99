/**
 * CORS, one mechanism with a policy per emulator: the web app (another origin) calls both, each with its own
 * protocol headers to expose, so neither emulator advertises the other's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface CorsPolicy {
  /** Response headers a page on another origin may read. */
  exposeHeaders: readonly string[];
  /** Methods a preflight allows. */
  allowMethods: readonly string[];
  /** Request headers a preflight allows when it names none (otherwise the named ones are echoed). */
  defaultAllowHeaders?: readonly string[];
  /** Answer a request without `Origin` with `Access-Control-Allow-Origin: *` (else no CORS headers at all). */
  anyOriginWithoutOrigin: boolean;
  /** Preflight answers carry `Content-Length: 0`. */
  preflightContentLength: boolean;
}

/**
 * The CORS headers of every answer. The SDKs may send credentials, so the exact origin is echoed, never `*`.
 */
export function applyCors(policy: CorsPolicy, req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
  } else if (policy.anyOriginWithoutOrigin) {
    res.setHeader('Access-Control-Allow-Origin', '*');
  } else {
    return;
  }
  res.setHeader('Access-Control-Expose-Headers', policy.exposeHeaders.join(', '));
  if (origin) res.setHeader('Vary', 'Origin');
}

/** The answer to an `OPTIONS` preflight (the CORS headers of `applyCors` included). */
export function answerPreflight(policy: CorsPolicy, req: IncomingMessage, res: ServerResponse): void {
  applyCors(policy, req, res);
  res.setHeader('Access-Control-Allow-Methods', policy.allowMethods.join(', '));
  const requested = req.headers['access-control-request-headers'] ?? policy.defaultAllowHeaders?.join(', ');
  if (requested) res.setHeader('Access-Control-Allow-Headers', requested);
  res.setHeader('Access-Control-Max-Age', '3600');
  if (policy.preflightContentLength) res.setHeader('Content-Length', '0');
  res.writeHead(204).end();
}
