/**
 * The console page's build, the one way it is made: esbuild bundles console-app/src/main.tsx (React, Chakra UI,
 * the Bengali font files) into dist/assets, and index.html gets the hashed script and stylesheet. A developer
 * tool served from this machine needs no more than that, and `npm test` keeps its Vite builds for the shop.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

export async function buildConsolePage(consoleRoot: string, outDir: string): Promise<void> {
  const { build } = await import('esbuild');
  const template = await readFile(join(consoleRoot, 'index.html'), 'utf8');
  const entryTag = '<script type="module" src="/src/main.tsx"></script>';
  if (!template.includes(entryTag)) throw new Error(`${consoleRoot}/index.html must load ${entryTag}`);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const { metafile } = await build({
    absWorkingDir: consoleRoot,
    entryPoints: ['src/main.tsx'],
    outdir: join(outDir, 'assets'),
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    publicPath: '/assets',
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    loader: { '.woff2': 'file', '.woff': 'file' },
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'error',
  });
  const outputs = Object.entries(metafile.outputs).filter(([, output]) => output.entryPoint);
  const url = (path: string) => `/${relative(outDir, join(consoleRoot, path)).split('\\').join('/')}`;
  const script = outputs.find(([path]) => path.endsWith('.js'));
  if (!script) throw new Error('The console build wrote no script');
  const stylesheet = outputs.find(([, output]) => output.cssBundle)?.[1].cssBundle;
  const head =
    `    <script type="module" crossorigin src="${url(script[0])}"></script>\n` +
    (stylesheet ? `    <link rel="stylesheet" crossorigin href="${url(stylesheet)}">\n` : '');
  const html = template.replace(`    ${entryTag}\n`, '').replace('  </head>', `${head}  </head>`);
  await writeFile(join(outDir, 'index.html'), html);
}
