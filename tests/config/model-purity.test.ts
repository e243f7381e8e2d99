/**
 * A feature's model/ is pure logic the Cloud Functions bundle too (ARCHITECTURE.md, "what may import what"):
 * `npm run lint` refuses React, Firebase, Chakra UI and the app's components, hooks and API modules there, and
 * lets types through; the Cloud Functions take from src/ only those models, its texts, its config and the
 * storefront's server render. The repository's own ESLint configuration is run on small sources placed there.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RULE = '@typescript-eslint/no-restricted-imports';
// The repository's configuration of the one rule under test: the others (import-x/no-cycle walks every import
// of the probe, the whole app) cost each lint seconds and are checked by their own tests.
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === RULE });

/** The imports ESLint refuses in `source` as if it were the file at `path` (relative to the repo). */
async function refusedImports(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(root, path) });
  return result.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

// The first lint loads ESLint's plugins and parser: seconds on a busy machine.
describe('npm run lint keeps the models pure', { timeout: 60_000 }, () => {
  it('refuses React, Firebase and Chakra UI in a model', async () => {
    const refused = await refusedImports(
      'src/features/catalog/model/probe.ts',
      [
        "import { useState } from 'react';",
        "import { doc } from 'firebase/firestore';",
        "import { Box } from '@chakra-ui/react';",
        'export const probe = [useState, doc, Box];',
        '',
      ].join('\n'),
    );
    expect(refused).toHaveLength(3);
    for (const message of refused) expect(message).toContain('a model is pure');
  });

  it('refuses the app’s components, a hook and an API module in a model', async () => {
    const refused = await refusedImports(
      'src/features/admin-orders/model/probe.ts',
      [
        "import { FormField } from '@/components/ui/form-field';",
        "import { OrderCard } from '../components/order-card';",
        "import { ORDERS_PAGE_SIZE } from '../api/order-queries';",
        'export const probe = [FormField, OrderCard, ORDERS_PAGE_SIZE];',
        '',
      ].join('\n'),
    );
    expect(refused).toHaveLength(3);
  });

  it('allows types, other models, the shared texts and libraries like yup', async () => {
    const refused = await refusedImports(
      'src/features/admin-orders/model/probe.ts',
      [
        "import type { User } from 'firebase/auth';",
        "import type { PaperworkCriteria } from '../api/order-queries';",
        "import * as yup from 'yup';",
        "import { ORDER_STATUSES } from '@/features/ordering/model';",
        "import { storedDate } from '@/lib/stored-date';",
        'export const probe: [User | null, PaperworkCriteria | null, unknown, unknown, unknown] = [null, null, yup, ORDER_STATUSES, storedDate];',
        '',
      ].join('\n'),
    );
    expect(refused).toEqual([]);
  });

  it('leaves a model’s own tests free to arrange what they need', async () => {
    const refused = await refusedImports(
      'src/features/catalog/model/probe.test.ts',
      "import { Timestamp } from 'firebase/firestore';\nexport const probe = Timestamp;\n",
    );
    expect(refused).toEqual([]);
  });
});

describe('npm run lint keeps the Cloud Functions to the web app’s pure modules', { timeout: 60_000 }, () => {
  it('refuses a component and a Firebase web module of src/', async () => {
    const refused = await refusedImports(
      'functions/src/probe.ts',
      [
        "import { OrderCard } from '../../src/features/admin-orders/components/order-card';",
        "import { db } from '../../src/lib/firebase';",
        'export const probe = [OrderCard, db];',
        '',
      ].join('\n'),
    );
    expect(refused).toHaveLength(2);
    for (const message of refused) expect(message).toContain('the functions take from src/ only');
  });

  it('allows the models, the texts, the config and the storefront’s server render', async () => {
    const refused = await refusedImports(
      'functions/src/probe.ts',
      [
        "import { ORDER_STATUSES } from '../../src/features/ordering/model';",
        "import { statsFromRollups } from '../../src/features/admin-stats/model';",
        "import { sharedTexts } from '../../src/i18n/texts';",
        "import { securityHeaders } from '../../src/config/security-headers';",
        "import { renderPath } from '../../src/app/server';",
        'export const probe = [ORDER_STATUSES, statsFromRollups, sharedTexts, securityHeaders, renderPath];',
        '',
      ].join('\n'),
    );
    expect(refused).toEqual([]);
  });
});
