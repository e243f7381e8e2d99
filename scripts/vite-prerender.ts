/**
 * Vite plugin: after the browser build, renders the public routes to HTML (src/app/server.tsx, built for Node
 * with the same mode and env) and writes them beside index.html, so the storefront paints before any
 * JavaScript runs:
 *
 *   /        → index.html   (prerendered home)
 *   /auth    → auth.html    (firebase.json `cleanUrls` serves it at /auth)
 *   /orders  → orders.html
 *   others   → shell.html   (the empty app shell, Hosting's rewrite target: nothing to hydrate)
 *
 * It also preloads the one font face the first paint needs (Bengali, 400).
 */
import react from '@vitejs/plugin-react';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin, ResolvedConfig } from 'vite';

const SERVER_ENTRY = 'src/app/server.tsx';
const ROOT_DIV = '<div id="root"></div>';
/** The face of the hero's and body's text; the rest may swap in later. */
const FIRST_PAINT_FONT = /noto-sans-bengali-bengali-400-normal-[\w-]+\.woff2$/;

export function htmlFileFor(path: string): string {
  return path === '/' ? 'index.html' : `${path.replace(/^\//, '')}.html`;
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'achar:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((file) => FIRST_PAINT_FONT.test(file));
        if (!font) return [];
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: `${config.base}${font}`,
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
    async closeBundle() {
      if (config.build.ssr) return; // the nested server build below
      const outDir = resolve(config.root, config.build.outDir);
      // Inside node_modules so that the server bundle resolves react, Chakra… as the app does.
      const cacheDir = join(config.root, 'node_modules', '.cache');
      await mkdir(cacheDir, { recursive: true });
      const serverDir = await mkdtemp(join(cacheDir, 'achar-prerender-'));
      try {
        const { build } = await import('vite');
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          envDir: config.envDir,
          logLevel: 'warn',
          resolve: { alias: config.resolve.alias },
          plugins: [react()],
          build: { ssr: SERVER_ENTRY, outDir: serverDir, emptyOutDir: true, target: 'node20' },
        });
        const server = (await import(pathToFileURL(join(serverDir, 'server.js')).href)) as {
          PRERENDERED_PATHS: readonly string[];
          renderPath(path: string): Promise<string>;
        };
        const template = await readFile(join(outDir, 'index.html'), 'utf8');
        if (!template.includes(ROOT_DIV)) throw new Error(`prerender: index.html has no ${ROOT_DIV}`);
        await writeFile(join(outDir, 'shell.html'), template);
        for (const path of server.PRERENDERED_PATHS) {
          const body = await server.renderPath(path);
          const html = template.replace(
            ROOT_DIV,
            () => `<div id="root" data-prerendered="${path}">${body}</div>`,
          );
          await writeFile(join(outDir, htmlFileFor(path)), html);
        }
      } finally {
        await rm(serverDir, { recursive: true, force: true });
      }
    },
  };
}
