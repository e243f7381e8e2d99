/**
 * Vite plugin: after the browser build, renders the public routes to HTML (src/app/server.tsx, built for Node
 * with the same mode and env) and writes them beside index.html, so the storefront paints before any
 * JavaScript runs:
 *
 *   /auth    → auth.html    (firebase.json `cleanUrls` serves it at /auth)
 *   /orders  → orders.html
 *   others   → shell.html   (the empty app shell, Hosting's rewrite target: nothing to hydrate; the `pages`
 *                            function renders `/` and the product pages into it, with the products)
 *   robots.txt (naming the sitemap the `pages` function serves)
 *
 * No index.html is left: Hosting would serve it at `/` before its rewrite to the `pages` function.
 * The font faces are in index.html's own <style> (src/app/fonts.css, no font preloaded): nothing blocks the
 * first paint but the HTML, and no lazy chunk lists a stylesheet to add at hydration. It puts the page's own
 * CSS, as prerendered, at the end of <head> (src/app/prerendered-styles.ts). Two inline scripts open each page's <head>, run before anything
 * is painted: the session hint (src/lib/session-hint.ts) and the tap keeper (src/lib/tap-keeper.ts).
 */
import react from '@vitejs/plugin-react';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin, ResolvedConfig } from 'vite';

import { assertPageTemplate, fillPageTemplate, type InlineScript } from '../src/app/page-template.ts';
import { parseCsp, scriptsTheCspBlocks } from '../src/config/security-headers.ts';
import { assertTapKeeperBuilt } from './build/tap-keeper.ts';

const SERVER_ENTRY = 'src/app/server.tsx';

interface Address {
  host: string;
  port: number;
}

export function htmlFileFor(path: string): string {
  return `${path.replace(/^\//, '')}.html`;
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'achar:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      // The pages carry the tap keeper as its typed source builds to, never a stale copy.
      if (!config.build.ssr) await assertTapKeeperBuilt();
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
          renderPath(path: string): Promise<{ head: string; body: string }>;
          firstScripts(): InlineScript[];
          robotsFile(siteOrigin: string | null): string;
        };
        // No modulepreload of the app's code: fetched at once, it would share the phone's narrow bandwidth with
        // what the first paint needs (the entry imports it once the page, and on `/` its first photos, are shown).
        const template = await readFile(join(outDir, 'index.html'), 'utf8');
        assertPageTemplate(template);
        await writeFile(join(outDir, 'shell.html'), template);
        await rm(join(outDir, 'index.html'));
        const { emulators, hosting } = JSON.parse(
          await readFile(join(config.root, 'firebase.json'), 'utf8'),
        ) as {
          emulators: Record<'hosting', Address>;
          hosting: { headers: { source?: string; headers: { key: string; value: string }[] }[] };
        };
        // The policy Hosting sends with the pages: firebase.json's, as deployed.
        const deployedCsp = hosting.headers
          .find((rule) => rule.source === '**')
          ?.headers.find(({ key }) => key === 'Content-Security-Policy')?.value;
        if (!deployedCsp) throw new Error('firebase.json sends no Content-Security-Policy on every answer');
        // robots.txt names the sitemap by its absolute URL: the local Hosting emulator's, or the shop's site.
        const local = config.env.VITE_USE_EMULATORS === 'true';
        const siteOrigin = local ? `http://${emulators.hosting.host}:${emulators.hosting.port}` : null;
        await writeFile(join(outDir, 'robots.txt'), server.robotsFile(siteOrigin));
        for (const path of server.PRERENDERED_PATHS) {
          const { head, body } = await server.renderPath(path);
          const html = fillPageTemplate(template, {
            path,
            firstScripts: server.firstScripts(),
            head: [head],
            body,
          });
          // The Content-Security-Policy runs an inline script only by its hash: a page whose script it lacks would
          // ship with that script blocked.
          const blocked = await scriptsTheCspBlocks(html, parseCsp(deployedCsp));
          if (blocked.length > 0)
            throw new Error(
              `${htmlFileFor(path)}: firebase.json's Content-Security-Policy (src/config/security-headers.ts) lacks the hash ` +
                `of its inline script ${JSON.stringify(blocked[0].slice(0, 80))}`,
            );
          await writeFile(join(outDir, htmlFileFor(path)), html);
        }
      } finally {
        await rm(serverDir, { recursive: true, force: true });
      }
    },
  };
}
