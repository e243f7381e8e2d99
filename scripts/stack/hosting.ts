/**
 * The local shop's web server, serving the built app the way Firebase Hosting does: superstatic — the server
 * firebase-tools' Hosting emulator runs — with the `hosting` block of firebase.json (clean URLs, the rewrite
 * to the app shell, cache headers) and compression, only pointed at the emulator build's folder. So what is
 * measured locally (npm run lighthouse) is what shoppers get after `firebase deploy`.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { server as superstaticServer } from 'superstatic';

export interface HostingServer {
  url: string;
  close(): Promise<void>;
}

export function hostingConfig(root: string, publicDir: string): Record<string, unknown> {
  const { hosting } = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as {
    hosting: Record<string, unknown>;
  };
  // `ignore` and `predeploy` only matter to `firebase deploy`.
  const { ignore: _ignore, predeploy: _predeploy, ...served } = hosting;
  return { ...served, public: publicDir };
}

export function serveLikeHosting(options: {
  root: string;
  publicDir: string;
  host: string;
  port: number;
}): Promise<HostingServer> {
  const app = superstaticServer({
    cwd: options.root,
    config: hostingConfig(options.root, options.publicDir),
    compression: true, // as firebase-tools' Hosting emulator (and Hosting's CDN) do
    hostname: options.host,
    port: options.port,
  });
  return new Promise((resolve, reject) => {
    const server = (app.listen as unknown as (done: () => void) => Server)(() => {
      server.off('error', reject);
      resolve({
        url: `http://${options.host}:${options.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
    server.once('error', reject);
  });
}
