/**
 * The README's first command, as a seller would use it: `npm start`, wait for the URLs, see the seeded pickles
 * with their pictures in a browser, press Ctrl-C — then every port is free and no process it started survives.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readProjectConfig } from '../../emulators/src/config.js';
import { launchChromium } from '../../emulators/src/testing/browser.js';
import { isPortFree } from '../../scripts/stack/ports.js';
import { shopPorts } from '../../scripts/stack/shop.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const marker = `achar-start-test-${randomUUID()}`;

/** Processes that carry this test's marker in their environment: everything `npm start` spawned. */
function markedProcesses(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').includes(marker)) pids.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

function environOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8');
  } catch {
    return ''; // gone meanwhile
  }
}

let child: ChildProcess | undefined;

afterAll(() => {
  for (const pid of markedProcesses()) process.kill(pid, 'SIGKILL');
});

describe('npm start', () => {
  it('starts the whole shop, shows the seeded products with images, and stops without leaving anything behind', async () => {
    const config = readProjectConfig(root);
    child = spawn('npm', ['start', '--', '--no-persist'], {
      cwd: root,
      // Unset, as on a fresh machine: npm start itself must keep Google's metadata probe quiet.
      env: { ...process.env, ACHAR_TEST_MARKER: marker, METADATA_SERVER_DETECTION: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready in 240 s:\n${output}`)), 240_000);
      child!.stdout!.on('data', () => {
        if (output.includes('Customer login')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child!.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`npm start exited with ${code}:\n${output}`));
      });
    });

    const shopUrl = `http://${config.hosting.host}:${config.hosting.port}`;
    expect(output).toContain(shopUrl);
    expect(output).toContain(`${shopUrl}/admin`);
    expect(output).toContain('admin@achar.test');
    expect(output).toContain('customer@achar.test');
    expect(output).toContain(`Emulator console: http://${config.ui.host}:${config.ui.port}`);
    // Google's auth library must not probe the GCE metadata server on a machine that is not on Google Cloud.
    expect(output).not.toContain('MetadataLookupWarning');

    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
      await page.goto(shopUrl);
      // Visible ones only: the page's hidden template cards carry a price too. The first screen of cards is
      // painted before the app runs; the rest come with it.
      const prices = page.locator('#products [data-testid="product-price"]:visible');
      await prices.first().waitFor({ timeout: 30_000 });
      await expect.poll(() => prices.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(8);
      expect(await page.getByText('আমের আচার').count()).toBeGreaterThan(0);
      // Every product picture is served by the Storage emulator and decodes as an image.
      const images = page.locator('img[src*="/v0/b/"]');
      await images.first().scrollIntoViewIfNeeded();
      await page.waitForFunction(() => {
        const first = document.querySelector<HTMLImageElement>('img[src*="/v0/b/"]');
        return first !== null && first.complete && first.naturalWidth > 0;
      });
      expect(await images.count()).toBeGreaterThanOrEqual(8);
    } finally {
      await browser.close();
    }
    // The seeded photos came with their sizes before the Functions emulator started: they started no
    // resizeProductPhoto worker (forty of them, one per upload, held a 2-core machine for a minute).
    const functionWorkers = markedProcesses().filter((pid) => environOf(pid).includes('FUNCTION_TARGET='));
    expect(functionWorkers.length).toBeGreaterThan(0); // notifySellerOfOrder, for the seeded orders
    expect(
      functionWorkers.filter((pid) => environOf(pid).includes('FUNCTION_TARGET=resizeProductPhoto')),
    ).toEqual([]);

    const exited = new Promise<void>((resolve) => child!.once('exit', () => resolve()));
    // Ctrl-C in a terminal signals the whole foreground group; npm forwards SIGINT to the start script.
    const starter = markedProcesses().filter((pid) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('scripts/start.ts'),
    );
    for (const pid of starter) process.kill(pid, 'SIGINT');
    await exited; // npm re-raises the signal its script ended on, so its own exit code says nothing here
    expect(output).toContain('✔ stopped; every port is free again.');
    // Every process the start command launched is gone (the kernel may take a moment to reap the last ones).
    await expect.poll(() => markedProcesses(), { timeout: 10_000 }).toEqual([]);
    const ports = shopPorts(root);
    const free = await Promise.all(ports.map(isPortFree));
    expect(free).toEqual(ports.map(() => true));
  }, 300_000);

  it('refuses a snapshot it does not have, naming the saved ones, before starting anything', async () => {
    const run = spawn('npm', ['start', '--', '--no-persist', '--snapshot', 'never-saved'], {
      cwd: root,
      env: { ...process.env, ACHAR_TEST_MARKER: marker },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    run.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    run.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => run.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toMatch(
      /✖ Cannot start the shop: No snapshot named "never-saved" in \S+ \(none saved yet\)/,
    );
    expect(output).not.toContain('emulators ready');
    const ports = shopPorts(root);
    expect(await Promise.all(ports.map(isPortFree))).toEqual(ports.map(() => true));
  }, 120_000);
});
