import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';

// The web app's boundaries (ARCHITECTURE.md, "what may import what"), checked on resolved paths, so an alias
// (`@/features/x`) and a relative path (`../../x`) are caught alike.
const src = fileURLToPath(new URL('./src', import.meta.url));
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// The one module several features (and the Cloud Functions) share: the order model.
const SHARED_MODEL = './ordering/model';
const boundaries = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, SHARED_MODEL],
    message: `features do not import each other: compose them in src/app/, or share through src/features/ordering/model.`,
  })),
  {
    target: './src/app',
    from: './src/features',
    // A feature's public entries: index.ts, lazy.ts for what loads on demand, server.ts for what only the
    // server's render uses (app/server.tsx).
    except: features.flatMap((feature) => [
      `./${feature}/index.ts`,
      `./${feature}/lazy.ts`,
      `./${feature}/server.ts`,
    ]),
    message: 'src/app/ uses a feature only through its index.ts (or lazy.ts for what loads on demand).',
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'features never import src/app/: the app composes them, not the other way round.',
  },
  {
    target: ['./src/components', './src/lib'],
    from: ['./src/features', './src/app'],
    message: 'shared components and libraries never depend on a feature or on the app.',
  },
];

// The emulators' boundaries (ARCHITECTURE.md): `emulators/` knows nothing of the shop; the console page
// (emulators/console-app) is laid out like src/ (app/ composes features/, which share lib/ and i18n/) and reaches
// the emulators over HTTP, importing from emulators/src only the types of the console's API.
const CONSOLE = './emulators/console-app/src';
const consoleFeatures = readdirSync(new URL(`${CONSOLE}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const emulatorBoundaries = [
  {
    target: './emulators',
    from: ['./src', './functions', './scripts', './tests'],
    message:
      'emulators/ knows nothing of the shop: a project adds to the console through its extensions (emulators/src/console-server/extensions.ts).',
  },
  {
    target: './emulators/src',
    from: './emulators/console-app',
    message: 'the emulators never import the console page: it is a client of their HTTP APIs.',
  },
  {
    target: './emulators/console-app',
    from: './emulators/src',
    // Types only (the page's build drops them): the shapes the console API answers with.
    except: [
      './console-server/api.ts',
      './console-server/extensions.ts',
      './console-server/request-log.ts',
      './console-server/snapshots.ts',
    ],
    message:
      'the console page reaches the emulators over HTTP: from emulators/src it imports only the console API’s types (console-server/).',
  },
  ...consoleFeatures.map((feature) => ({
    target: `${CONSOLE}/features/${feature}`,
    from: `${CONSOLE}/features`,
    except: [`./${feature}`],
    message:
      'console features do not import each other: compose them in console-app/src/app/, share through lib/.',
  })),
  {
    target: `${CONSOLE}/features`,
    from: `${CONSOLE}/app`,
    message: 'console features never import console-app/src/app/: the app composes them.',
  },
  {
    target: [`${CONSOLE}/lib`, `${CONSOLE}/i18n`],
    from: [`${CONSOLE}/features`, `${CONSOLE}/app`],
    message: 'the console’s lib/ and i18n/ never depend on a feature or on the app.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '**/node_modules/**',
      'dist/**',
      'dist-local/**',
      'dist-ab/**',
      'emulators/console-app/dist/**',
      'functions/lib/**',
      '.emulator-data/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'emulators/console-app/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the plugin reads only .js files' imports, and no-cycle sees no TypeScript module's.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs'],
          // The emulators import their TypeScript as Node runs it after compilation: './api.js' is api.ts.
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          alias: { '@': [src] },
        }),
      ],
    },
    rules: {
      // No import cycles anywhere: a module that needs part of another takes a narrow interface, and shared types
      // live in a module that imports nothing of their users (ARCHITECTURE.md). Type-only imports count too: a cycle of
      // types is still a circle a reader has to untangle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'emulators/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...emulatorBoundaries] }],
    },
  },
  // Model purity (ARCHITECTURE.md, "what may import what"): a feature's model/ is pure logic that the Cloud
  // Functions bundle too, so it imports no React, no Firebase, no Chakra UI, and none of the app's components,
  // hooks or API modules; types are fine (they leave nothing in the bundle). Its tests may arrange what they like.
  {
    files: ['src/features/*/model/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(react|react-dom|firebase|@chakra-ui|@emotion)(/|$)',
              allowTypeImports: true,
              message: 'a model is pure: no React, Firebase or Chakra UI (types are fine).',
            },
            {
              regex: '(^|/)(components|hooks|api)(/|$)',
              allowTypeImports: true,
              message: 'a model is pure: it imports no components, hooks or API modules (types are fine).',
            },
          ],
        },
      ],
    },
  },
  // What the Cloud Functions take from the web app (ARCHITECTURE.md): its pure models, its texts and config, its
  // formatters (the mail and SMS write money and days as the shop does), its HTML escaper and stored-date reader,
  // and for the `pages` function the storefront's server render; never a component, a hook or a Firebase web module.
  {
    files: ['functions/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(\\.\\./)+src/(?!features/[^/]+/model(/|$)|features/catalog/server$|app/server$|app/page-template$|config/|i18n/|lib/(numbers|format|html|stored-date)$)',
              message:
                "the functions take from src/ only the features' models, i18n/, config/, lib/numbers, lib/format, lib/html and lib/stored-date (pure, one of each) and the storefront's server render.",
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
