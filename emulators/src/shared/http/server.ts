/**
 * The HTTP/1.1 server of an emulator: CORS and preflights by the emulator's policy, the URL read once, every
 * failure handed to the emulator's own error answer, and keep-alive timeouts that outlive the clients'.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type net from 'node:net';
import { answerPreflight, applyCors, type CorsPolicy } from './cors.js';
import { requestUrl } from './request.js';

export interface HttpRoutes {
  cors: CorsPolicy;
  /** Answers one request; CORS headers are set and preflights answered before it is called. */
  route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  /** Answers what `route` (or reading the URL) threw, in the emulator's error shape. */
  fail(req: IncomingMessage, res: ServerResponse, error: unknown): void;
}

export function createHttpServer(routes: HttpRoutes): http.Server {
  const server = http.createServer((req, res) => {
    applyCors(routes.cors, req, res);
    if (req.method === 'OPTIONS') return answerPreflight(routes.cors, req, res);
    new Promise<void>((resolve) => resolve(routes.route(req, res, requestUrl(req)))).catch((error: unknown) =>
      routes.fail(req, res, error),
    );
  });
  // Clients pool keep-alive connections (firebase-admin's for minutes); Node's 5 s default closes them under the
  // client's feet and its next request fails with "socket hang up". Outlive the clients' idle timeouts instead.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

/** Listens on `host:port` (0 picks a free port); the port listened on. */
export function listen(server: net.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

/** `http://host:port`, with an IPv6 host in brackets. */
export function urlOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
