/**
 * The web app's and the emulators' boundaries (ARCHITECTURE.md, "what may import what") are enforced by
 * `npm run lint`: the
 * repository's own ESLint configuration is run on small sources placed, by file name, where the import would
 * stand. The imported modules are real, so the rule judges resolved paths as it does on the real tree.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RULE = 'import-x/no-restricted-paths';
// The repository's configuration of the one rule under test: the others (import-x/no-cycle walks every import
// of the probe, the whole app) cost each lint seconds and are checked by their own tests.
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === RULE });

/** The boundary errors ESLint reports for `source` as if it were the file at `path` (relative to the repo). */
async function boundaryErrors(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(root, path) });
  return result.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe('npm run lint keeps the features apart', () => {
  it('refuses one feature importing another by its alias', async () => {
    const errors = await boundaryErrors(
      'src/features/my-orders/components/probe.tsx',
      "import { newlyArrivedOrderIds } from '@/features/admin-orders/model/new-orders';\nexport const probe = newlyArrivedOrderIds;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('features do not import each other');
  });

  it('refuses one feature importing another by a relative path', async () => {
    const errors = await boundaryErrors(
      'src/features/my-orders/components/probe.tsx',
      "import { ProductsTab } from '../../admin-products';\nexport const probe = ProductsTab;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('features do not import each other');
  });

  it('allows a feature its own files and the shared order model', async () => {
    const errors = await boundaryErrors(
      'src/features/my-orders/components/probe.tsx',
      [
        "import { orderStatusLabel } from '@/features/ordering/model/order-status';",
        "import { isEditableStatus } from '@/features/ordering/model';",
        "import { useMyOrders } from '../api/use-my-orders';",
        'export const probe = [orderStatusLabel, isEditableStatus, useMyOrders];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('refuses the app reaching past a feature’s index.ts', async () => {
    const errors = await boundaryErrors(
      'src/app/routes/probe.tsx',
      "import { StatsTab } from '@/features/admin-stats/components/stats-tab';\nexport const probe = StatsTab;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('only through its index.ts');
  });

  it('allows the app a feature’s index.ts and its on-demand entry', async () => {
    const errors = await boundaryErrors(
      'src/app/routes/probe.tsx',
      [
        "import { StatsTab } from '@/features/admin-stats';",
        "const page = import('@/features/auth/lazy');",
        'export const probe = [StatsTab, page];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('refuses a shared library depending on a feature', async () => {
    const errors = await boundaryErrors(
      'src/lib/probe.ts',
      "import { useAuth } from '@/features/auth';\nexport const probe = useAuth;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('never depend on a feature');
  });
});

describe('npm run lint keeps emulators/ apart from the shop, and the console page laid out like src/', () => {
  const consoleFeature = 'emulators/console-app/src/features/auth/probe.tsx';

  it('refuses one console feature importing another', async () => {
    const errors = await boundaryErrors(
      consoleFeature,
      "import { FirestoreApi } from '../firestore/api';\nexport const probe = FirestoreApi;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('console features do not import each other');
  });

  it('refuses the console’s lib depending on a feature', async () => {
    const errors = await boundaryErrors(
      'emulators/console-app/src/lib/probe.ts',
      "import { AuthApi } from '../features/auth/api';\nexport const probe = AuthApi;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('never depend on a feature');
  });

  it('refuses the console page importing an emulator’s code instead of calling it over HTTP', async () => {
    const errors = await boundaryErrors(
      consoleFeature,
      "import { parseDatabaseName } from '../../../../src/firestore/paths';\nexport const probe = parseDatabaseName;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('reaches the emulators over HTTP');
  });

  it('refuses the emulators importing the shop: its web app, its scripts', async () => {
    const fromWebApp = await boundaryErrors(
      'emulators/src/console-server/probe.ts',
      "import { formatNumberBn } from '../../../src/lib/numbers';\nexport const probe = formatNumberBn;\n",
    );
    expect(fromWebApp).toHaveLength(1);
    expect(fromWebApp[0]).toContain('knows nothing of the shop');
    // With the '.js' the emulators write for Node, resolved to the TypeScript file as for their own imports.
    const fromScripts = await boundaryErrors(
      'emulators/src/console-server/probe.ts',
      "import { shopConsoleExtensions } from '../../../scripts/stack/console-extensions.js';\nexport const probe = shopConsoleExtensions;\n",
    );
    expect(fromScripts).toHaveLength(1);
    expect(fromScripts[0]).toContain('knows nothing of the shop');
  });

  it('refuses the emulators importing the console page', async () => {
    const errors = await boundaryErrors(
      'emulators/src/console-server/probe.ts',
      "import { useTexts } from '../../console-app/src/i18n/texts';\nexport const probe = useTexts;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('never import the console page');
  });

  it('allows a console feature its own files, the console’s lib and i18n, and the console API’s types', async () => {
    const errors = await boundaryErrors(
      consoleFeature,
      [
        "import { AuthApi } from './api';",
        "import { requestJson } from '../../lib/http';",
        "import { useTexts } from '../../i18n/texts';",
        "import type { ConsoleConfig } from '../../../../src/console-server/api';",
        'export const probe = [AuthApi, requestJson, useTexts];',
        'export type Probe = ConsoleConfig;',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('allows the emulators their own modules, imported as Node runs them', async () => {
    const errors = await boundaryErrors(
      'emulators/src/console-server/probe.ts',
      "import { readBody } from '../shared/http/request.js';\nexport const probe = readBody;\n",
    );
    expect(errors).toEqual([]);
  });
});
