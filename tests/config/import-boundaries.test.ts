/**
 * The web app's boundaries (ARCHITECTURE.md, "what may import what") are enforced by `npm run lint`: the
 * repository's own ESLint configuration is run on small sources placed, by file name, where the import would
 * stand. The imported modules are real, so the rule judges resolved paths as it does on the real tree.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });
const RULE = 'import-x/no-restricted-paths';

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
        "import { customerMayCancel } from '@/features/ordering/model';",
        "import { useMyOrders } from '../api/use-my-orders';",
        'export const probe = [orderStatusLabel, customerMayCancel, useMyOrders];',
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
