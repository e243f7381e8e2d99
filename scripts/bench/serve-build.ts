// Serves another build beside the shop for `npm run phone --compare`, as Hosting serves dist-local for the shop:
// clean URLs (`/auth` → auth.html), the app shell for other paths, gzip for text, immutable hashed assets. Only
// what the benchmark's pages load; not a general server.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** The file Hosting would answer `pathname` with, inside `dir`. */
function fileFor(dir: string, pathname: string): string {
  const path = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const candidates = path === '/' ? ['index.html'] : [path, `${path.replace(/\/$/, '')}.html`];
  return candidates.map((c) => join(dir, c)).find(isFile) ?? join(dir, 'shell.html');
}

export function serveBuild(
  dir: string,
  host: string,
  port: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', `http://${host}`);
    const file = fileFor(dir, pathname);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    let body = readFileSync(file);
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (
      /text|javascript|json|svg|xml/.test(type) &&
      /gzip/.test(String(request.headers['accept-encoding']))
    ) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
    }
    response.writeHead(200, headers).end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        url: `http://${host}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}
