/**
 * Browser test support: bundles a small page with esbuild, serves it on its own port (so every emulator call is
 * cross-origin, as in the real shop) and drives Debian's Chromium through playwright-core.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Debian's headless shell: Chromium's engine without the browser's own windows. The full browser in headless
 * mode still builds its window furniture for every context (the address bar's popup is a WebUI page of its
 * own): a launch with three contexts took 12.2 s of processor time with it, 1.9 s with the shell.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
/**
 * `--no-zygote`: each page's process is the browser's own child, which it waits for, so the test command's
 * CPU-seconds count it. Through the zygote it was left to init: of a page script's 5 s, 1.6 CPU-s were counted
 * against 6.9 CPU-s the machine spent; five contexts took the same wall and CPU either way.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--no-zygote',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * Bundles `root/index.html`'s harness (`harness.ts`, as its script tag names it) into a temporary folder with
 * esbuild: a page of the SDK and a few lines needs no Vite build, and `npm test` keeps its Vite builds for the
 * shop and the console.
 */
export async function buildPage(root: string): Promise<string> {
  const { build } = await import('esbuild');
  const outDir = await mkdtemp(join(tmpdir(), 'page-'));
  const html = await readFile(join(root, 'index.html'), 'utf8');
  if (!html.includes('src="./harness.ts"'))
    throw new Error(
      `${root}/index.html must load its harness with <script type="module" src="./harness.ts">`,
    );
  await build({
    entryPoints: [join(root, 'harness.ts')],
    outfile: join(outDir, 'harness.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  await writeFile(join(outDir, 'index.html'), html.replace('src="./harness.ts"', 'src="./harness.js"'));
  return outDir;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

export async function serveStatic(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    const file = join(dir, path === '/' ? 'index.html' : path);
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A test page built from `pageDir` (its index.html sets `document.title = 'ready'` once its harness is set up),
 * served on its own origin and opened in headless Chromium.
 */
export class HarnessSite {
  private constructor(
    private readonly browser: Browser,
    private readonly site: { url: string; close: () => Promise<void> },
  ) {}

  static async open(pageDir: string): Promise<HarnessSite> {
    const site = await serveStatic(await buildPage(pageDir));
    try {
      return new HarnessSite(await launchChromium(), site);
    } catch (error) {
      await site.close();
      throw error;
    }
  }

  /** A fresh page at `/?<query>`, once its harness reports ready; page errors are logged. */
  async openPage(query: string): Promise<Page> {
    const page = await this.browser.newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
    await page.goto(`${this.site.url}/?${query}`);
    await page.waitForFunction(() => document.title === 'ready');
    return page;
  }

  async close(): Promise<void> {
    await this.browser.close();
    await this.site.close();
  }
}
