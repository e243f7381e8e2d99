// `--compare B=dir,C=dir` of the benchmarks (npm run phone, npm run lighthouse): other builds of the shop served
// beside the one under test, so that a sitting alternates them run by run and the machine's load falls on all
// alike.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { startShop } from '../stack/shop.js';
import { firstProductPath } from './product-page.js';
import { serveBuild } from './serve-build.js';

export interface Variant {
  label: string;
  url: string;
}

const ENTRY_SCRIPT = /src="\/assets\/index-[\w-]+\.js"/;

/**
 * `/` and the first product page as the shop's `pages` function renders them now (its jars, their photos'
 * addresses), written into another build's folder with that build's entry script: the pages a build does not
 * contain, since the function renders them on request.
 */
async function writeRenderedPages(shopUrl: string, publicDir: string) {
  const entry = ENTRY_SCRIPT.exec(readFileSync(join(publicDir, 'shell.html'), 'utf8'))?.[0];
  if (!entry) throw new Error(`no entry script in ${publicDir}/shell.html`);
  for (const path of ['/', await firstProductPath(shopUrl)]) {
    const html = await (await fetch(`${shopUrl}${path}`)).text();
    const file = join(publicDir, path === '/' ? 'index.html' : `${decodeURIComponent(path)}.html`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html.replace(ENTRY_SCRIPT, entry));
  }
}

/**
 * The shop (`label`, at `shopUrl`) and each build of `compare` ("label=dir" or "dir", comma-separated), served
 * on ports from 5101 up: none of firebase.json's (5000–5001, 4000–4500, 8080, 9099, 9199).
 */
async function servedVariants(
  shop: Variant,
  compare: string | undefined,
): Promise<{ variants: Variant[]; close(): Promise<void> }> {
  const servers: { close(): Promise<void> }[] = [];
  const close = async () => {
    for (const server of servers) await server.close();
  };
  const variants = [shop];
  let port = 5100;
  try {
    for (const build of compare?.split(',') ?? []) {
      const [label, dir] = build.includes('=') ? build.split('=') : [build, build];
      const publicDir = resolve(dir);
      if (!existsSync(join(publicDir, 'shell.html')))
        throw new Error(`--compare ${build}: no built shop (shell.html) in ${dir}`);
      await writeRenderedPages(shop.url, publicDir);
      const server = await serveBuild(publicDir, '127.0.0.1', ++port);
      servers.push(server);
      variants.push({ label, url: server.url });
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { variants, close };
}

/**
 * The whole shop in memory with demo data (as `npm start`, on firebase.json's ports) and, beside it, the builds
 * of `compare`: what a benchmark measures. `stop()` stops both.
 */
export async function startBenchShop(root: string, label: string, compare: string | undefined) {
  const shop = await startShop({ root, persist: false, log: (line) => console.log(line) });
  try {
    const served = await servedVariants({ label, url: shop.shopUrl }, compare);
    return {
      shop,
      variants: served.variants,
      async stop() {
        await served.close();
        await shop.stop();
      },
    };
  } catch (error) {
    await shop.stop();
    throw error;
  }
}
