/**
 * The local courier: Steadfast's merchant API v1 on a local port (the paths under `/api/v1`, the key and secret
 * headers, the same answers and refusals), its parcels kept in the data folder, and a control API under
 * `/__courier/` for the console and the tests: list the parcels, move one to a state (which calls the shop's
 * webhook as Steadfast does), and switch failures on (slow answers, 5xx, bad credentials). The model is
 * stripe-mock: a local twin of a real API that the real client code talks to.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { readBody } from '../shared/http/request.js';
import { sendJsonText } from '../shared/http/respond.js';
import { createHttpServer, listen, urlOf } from '../shared/http/server.js';
import {
  balanceOf,
  createOrder,
  createOrders,
  deliveryStatusNotice,
  moveParcel,
  statusOf,
  type Answer,
} from './operations.js';
import { parcelsPage } from './parcels-page.js';
import { CourierState, type Failures } from './state.js';

export interface CourierEmulatorOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** The merchant's keys the twin accepts (the shop's functions/.secret.local names the same). */
  apiKey: string;
  secretKey: string;
  /** Where Steadfast would call the shop: the shop's webhook function, and the token it sends as Bearer. */
  webhook?: { url: string; token: string };
  /** The parcels are kept in `<dataDir>/courier.json`; none = in memory. */
  dataDir?: string;
  now?: () => Date;
  log?: (line: string) => void;
}

export interface CourierEmulator {
  readonly url: string;
  /** The API's base URL, as the shop's STEADFAST_BASE_URL names it. */
  readonly apiUrl: string;
  readonly port: number;
  readonly state: CourierState;
  stop(): Promise<void>;
}

const MAX_BODY = 5 * 1024 * 1024;

function send(res: ServerResponse, answer: Answer): void {
  sendJsonText(res, answer.status, JSON.stringify(answer.body));
}

async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const text = (await readBody(req, MAX_BODY)).toString('utf8');
  if (text.trim() === '') return {};
  // The parcels page posts plain forms; the API and the tests send JSON.
  if (req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
    const form = Object.fromEntries(new URLSearchParams(text));
    return { ...form, ...(form.delayMs !== undefined && { delayMs: Number(form.delayMs) }) };
  }
  return JSON.parse(text) as unknown;
}

/** A form posted from the parcels page goes back to it; the API's callers get JSON. */
function fromPage(req: IncomingMessage): boolean {
  return req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') === true;
}

function backToPage(res: ServerResponse): void {
  res.writeHead(303, { Location: '/' });
  res.end();
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startCourierEmulator(options: CourierEmulatorOptions): Promise<CourierEmulator> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const state = new CourierState(options.dataDir ? path.join(options.dataDir, 'courier.json') : undefined);
  let webhook = options.webhook;

  /** Calls the shop's webhook about `parcel`, as Steadfast does after a move; the shop's answer. */
  async function notify(notice: Record<string, unknown> | null): Promise<Answer | null> {
    if (!notice || !webhook) return null;
    try {
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${webhook.token}` },
        body: JSON.stringify(notice),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        // the shop's answer as text
      }
      return { status: response.status, body };
    } catch (error) {
      log(`courier: webhook ${webhook.url} failed: ${String(error)}`);
      return { status: 0, body: String(error) };
    }
  }

  async function api(req: IncomingMessage, res: ServerResponse, route: string): Promise<void> {
    // The body is read before any delay: a call the shop gave up on while it waited still books, as a real
    // server that got the whole request does.
    const body = req.method === 'POST' ? await jsonBody(req) : undefined;
    const { delayMs, serverError, badCredentials } = state.failures;
    if (delayMs > 0) await pause(delayMs);
    if (serverError) return send(res, { status: 500, body: { message: 'Server Error' } });
    const keysMatch =
      req.headers['api-key'] === options.apiKey && req.headers['secret-key'] === options.secretKey;
    if (badCredentials || !keysMatch)
      return send(res, { status: 401, body: { message: 'Unauthenticated.' } });
    if (req.method === 'POST' && route === '/create_order') return send(res, createOrder(state, body, now()));
    if (req.method === 'POST' && route === '/create_order/bulk-order')
      return send(res, createOrders(state, body, now()));
    if (req.method === 'GET' && route === '/get_balance') return send(res, balanceOf(state));
    const [name, argument] = splitRoute(route);
    if (req.method === 'GET' && name === '/status_by_cid')
      return send(res, statusOf(state.byId(Number(argument))));
    if (req.method === 'GET' && name === '/status_by_invoice')
      return send(res, statusOf(state.byInvoice(argument)));
    if (req.method === 'GET' && name === '/status_by_trackingcode')
      return send(res, statusOf(state.byTrackingCode(argument)));
    send(res, { status: 404, body: { message: 'Not Found' } });
  }

  async function control(req: IncomingMessage, res: ServerResponse, route: string): Promise<void> {
    if (req.method === 'GET' && route === '/parcels') {
      return send(res, {
        status: 200,
        body: { parcels: state.list(), balance: state.balance, failures: state.failures },
      });
    }
    const moved = /^\/parcels\/(\d+)\/status$/.exec(route);
    if (req.method === 'POST' && moved) {
      const parcel = state.byId(Number(moved[1]));
      if (!parcel) return send(res, { status: 404, body: { message: 'Consignment not found.' } });
      const { status } = (await jsonBody(req)) as { status?: unknown };
      const answer = moveParcel(state, parcel, String(status), now());
      if (answer.status !== 200) return send(res, answer);
      const after = state.byId(parcel.consignment_id)!;
      const shop = await notify(deliveryStatusNotice(after));
      if (fromPage(req)) return backToPage(res);
      return send(res, { status: 200, body: { parcel: after, webhook: shop } });
    }
    if (req.method === 'POST' && route === '/failures') {
      const body = (await jsonBody(req)) as Record<keyof Failures, unknown>;
      state.failures = {
        delayMs: typeof body.delayMs === 'number' && body.delayMs >= 0 ? body.delayMs : 0,
        serverError: body.serverError === true || body.serverError === 'true',
        badCredentials: body.badCredentials === true || body.badCredentials === 'true',
      };
      if (fromPage(req)) return backToPage(res);
      return send(res, { status: 200, body: { failures: state.failures } });
    }
    if (req.method === 'POST' && route === '/webhook') {
      const body = (await jsonBody(req)) as { url?: unknown; token?: unknown };
      webhook = typeof body.url === 'string' ? { url: body.url, token: String(body.token ?? '') } : undefined;
      return send(res, { status: 200, body: { webhook: webhook ?? null } });
    }
    if (req.method === 'POST' && route === '/reset') {
      state.clear();
      return send(res, { status: 200, body: {} });
    }
    send(res, { status: 404, body: { message: 'Not Found' } });
  }

  const server = createHttpServer({
    cors: {
      exposeHeaders: [],
      allowMethods: ['GET', 'POST'],
      defaultAllowHeaders: ['Content-Type'],
      anyOriginWithoutOrigin: true,
      preflightContentLength: true,
    },
    async route(req, res, url) {
      const pathname = decodeURIComponent(url.pathname);
      if (pathname.startsWith('/api/v1/')) return api(req, res, pathname.slice('/api/v1'.length));
      if (pathname.startsWith('/__courier/')) return control(req, res, pathname.slice('/__courier'.length));
      if (req.method === 'GET' && pathname === '/') {
        const html = parcelsPage(state);
        res.writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Length': Buffer.byteLength(html),
        });
        res.end(html);
        return;
      }
      send(res, { status: 404, body: { message: 'Not Found' } });
    },
    fail(_req, res, error) {
      const bad = error instanceof SyntaxError;
      if (!bad) log(`courier: ${String(error)}`);
      if (res.headersSent) return void res.destroy();
      send(
        res,
        bad
          ? { status: 400, body: { message: 'Malformed JSON.' } }
          : { status: 500, body: { message: 'Server Error' } },
      );
    },
  });
  const port = await listen(server, options.port ?? 0, host);
  const url = urlOf(host, port);
  return {
    url,
    apiUrl: `${url}/api/v1`,
    port,
    state,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** `/status_by_cid/123` → ['/status_by_cid', '123']. */
function splitRoute(route: string): [string, string] {
  const slash = route.indexOf('/', 1);
  return slash < 0 ? [route, ''] : [route.slice(0, slash), route.slice(slash + 1)];
}
