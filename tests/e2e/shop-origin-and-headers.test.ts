/**
 * The shop as an attacker reaches it, through firebase-tools' Hosting emulator with firebase.json's rewrites and
 * headers (tests/support/global-setup.ts): product pages and the sitemap name the configured shop (SHOP_URL,
 * functions/.env.local) whatever Host / X-Forwarded-Host a request sends, and the `pages` function asks no
 * server a request names for anything; a query string cannot make the sitemap read the products again; every
 * answer, Hosting's files and the function's pages alike, carries the security headers once; and the browser
 * suites' CSP watch (tests/support/shop-browser.ts) does see a violation.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_URL, ShopBrowser } from '../support/shop-browser';
import { emulatorCspDirectives, securityHeaders, serializeCsp } from '../../src/config/security-headers';
import { readProjectConfig } from '../../emulators/src/config.js';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { hosting } = readProjectConfig(root);
/** functions/.env.local's SHOP_URL: the Hosting emulator's own address. */
const CONFIGURED = `http://${hosting.host}:${hosting.port}`;

/** A server standing in for the attacker's host: it records any request that reaches it. */
let attacker: Server;
const reached: IncomingMessage[] = [];
let attackerHost: string;
let shop: ShopBrowser;

beforeAll(async () => {
  attacker = createServer((request, response) => {
    reached.push(request);
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end(
      '<!doctype html><html><head><meta charset="UTF-8" /></head><body><div id="root"></div>evil</body></html>',
    );
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerHost = `127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  shop = await ShopBrowser.open();
});

afterAll(async () => {
  await new Promise((resolve) => attacker?.close(resolve));
  await shop?.close();
});

const hostile = () => ({
  Host: attackerHost,
  'X-Forwarded-Host': attackerHost,
  'X-Forwarded-Proto': 'http',
});

/** The first product page the sitemap lists. */
async function aProductPath(): Promise<string> {
  const sitemap = await (await fetch(`${SHOP_URL}/sitemap.xml`)).text();
  const loc = /<loc>([^<]*\/p\/[^<]*)<\/loc>/.exec(sitemap);
  if (!loc) throw new Error('the sitemap lists no product page');
  return new URL(loc[1]).pathname;
}

describe('the product pages’ origin', () => {
  it('is the configured shop whatever Host / X-Forwarded-Host a request sends, and nothing is fetched from them', async () => {
    const path = await aProductPath();
    for (const url of [`${SHOP_URL}${path}`, `${SHOP_URL}/p/no-such-jar`, `${SHOP_URL}/sitemap.xml`]) {
      const response = await fetch(url, { headers: hostile(), redirect: 'manual' });
      const body = await response.text();
      expect([200, 404], url).toContain(response.status);
      expect(body, url).not.toContain(attackerHost);
      expect(body, url).not.toContain('evil');
    }
    const page = await (await fetch(`${SHOP_URL}${path}`, { headers: hostile() })).text();
    expect(page).toContain(`<link rel="canonical" href="${CONFIGURED}${path}">`);
    expect(page).toContain(`<meta property="og:url" content="${CONFIGURED}${path}">`);
    const sitemap = await (await fetch(`${SHOP_URL}/sitemap.xml`, { headers: hostile() })).text();
    for (const [, loc] of sitemap.matchAll(/<loc>([^<]*)<\/loc>/g))
      expect(loc.startsWith(`${CONFIGURED}/`)).toBe(true);
    expect(reached.map((request) => request.url)).toEqual([]);
  });

  it('answers an address with a query string by a redirect to the one without', async () => {
    const path = await aProductPath();
    for (const [asked, location] of [
      ['/sitemap.xml?x', '/sitemap.xml'],
      [`${path}?fbclid=abc`, path],
    ]) {
      const response = await fetch(`${SHOP_URL}${asked}`, { redirect: 'manual' });
      expect(response.status, asked).toBe(301);
      expect(response.headers.get('location'), asked).toBe(location);
    }
  });
});

describe('the security headers', () => {
  it('are on every answer, once, with the emulators’ policy: files, the app shell, pages, redirects, 404s', async () => {
    const expected = {
      ...securityHeaders(),
      'Content-Security-Policy': serializeCsp(emulatorCspDirectives(readProjectConfig(root))),
    };
    const path = await aProductPath();
    const html = await (await fetch(`${SHOP_URL}/`)).text();
    const script = /<script type="module"[^>]* src="([^"]+)"/.exec(html)![1];
    for (const asked of [
      '/',
      '/auth',
      '/admin',
      '/robots.txt',
      script,
      path,
      '/p/no-such-jar',
      '/sitemap.xml',
      '/sitemap.xml?x',
    ]) {
      const response = await fetch(`${SHOP_URL}${asked}`, { redirect: 'manual' });
      for (const [name, value] of Object.entries(expected))
        expect(response.headers.get(name), `${name} of ${asked}`).toBe(value);
    }
  });
});

describe('the browser suites’ CSP watch', () => {
  it('sees an inline script the policy does not allow', async () => {
    const visitor = await shop.newVisitor();
    await visitor.goto(`${SHOP_URL}/auth`);
    await visitor.evaluate(() => {
      const injected = document.createElement('script');
      injected.textContent = 'window.injected = true';
      document.head.append(injected);
    });
    // Both reports, the page's event and the console line, may arrive a moment apart: each is taken as it comes
    // (afterEach would fail the test on one left behind).
    const reports: string[] = [];
    const taken = () => {
      reports.push(...shop.takeCspViolations());
      return reports;
    };
    await expect.poll(() => taken().join('\n'), { timeout: 10_000 }).toMatch(/script-src/);
    expect(
      await visitor.evaluate(() => (window as unknown as { injected?: boolean }).injected),
    ).toBeUndefined();
    await expect
      .poll(
        () => [
          taken().some((r) => r.startsWith('console: ')),
          reports.some((r) => !r.startsWith('console: ')),
        ],
        {
          timeout: 10_000,
        },
      )
      .toEqual([true, true]);
  });
});
