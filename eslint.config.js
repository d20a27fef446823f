// One lint configuration for the whole workspace. Import boundaries (decisions §1):
// contract imports nothing of ours; the server imports only the contract; the two web apps
// import the contract and the web kit (packages/web-kit), which imports only the contract;
// web features never import each other; shared web code never imports features or the app;
// the operator console (apps/crm) and the cabinet never import each other;
// server services never import the transport (http/, routes/), and routes never import each other.
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

/** The feature folders of an app (`apps/<app>/src/features/*`), each isolated from the others. */
function featureIsolation(app, message) {
  const root = `apps/${app}/src/features`;
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      target: `./${root}/${entry.name}`,
      from: `./${root}`,
      except: [`./${entry.name}`],
      message,
    }));
}

const webFeatureIsolation = featureIsolation(
  'web',
  'Фичи не импортируют друг друга: общее выносите в components/, lib/ или stores/.',
);
const crmFeatureIsolation = featureIsolation(
  'crm',
  'Фичи консоли не импортируют друг друга: общее — в components/, lib/ или stores/.',
);

const sharedCrmCode = ['components', 'lib', 'stores', 'config', 'styles'].map((folder) => ({
  target: `./apps/crm/src/${folder}`,
  from: ['./apps/crm/src/features', './apps/crm/src/app'],
  message: 'Общий код консоли не импортирует фичи и оболочку приложения.',
}));

const sharedWebCode = ['components', 'lib', 'stores', 'config', 'hooks', 'i18n', 'styles'].map(
  (folder) => ({
    target: `./apps/web/src/${folder}`,
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Общий код не импортирует фичи и оболочку приложения.',
  }),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'e2e/.artifacts/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'packages/contract/tsconfig.json',
            'packages/web-kit/tsconfig.json',
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'apps/crm/tsconfig.json',
            'e2e/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/contract',
              from: ['./apps', './e2e'],
              message: 'Контракт не зависит от сервера и клиента.',
            },
            {
              target: './packages/web-kit',
              from: ['./apps', './e2e'],
              message:
                'Общий код веб-приложений не импортирует приложения: только контракт и библиотеки.',
            },
            { target: './apps/server', from: ['./apps/web', './e2e', './packages/web-kit'] },
            {
              target: './apps/server/src/services',
              from: ['./apps/server/src/http', './apps/server/src/routes'],
              message:
                'Сервисы не зависят от транспорта: AppError — в src/errors.ts, RequestMeta — в context.ts.',
            },
            {
              target: './apps/server/src/routes',
              from: './apps/server/src/routes',
              message: 'Маршруты не импортируют друг друга: общее — в http/ или в сервисах.',
            },
            { target: './apps/web', from: ['./apps/server', './apps/crm', './e2e'] },
            // The operator console and the cabinet are two bundles: neither imports the other
            // (its vite.config.ts takes the cabinet's precompress step, build tooling only).
            {
              target: ['./apps/crm/src', './apps/crm/test'],
              from: ['./apps/server', './apps/web', './e2e'],
              message: 'Консоль не импортирует код кабинета и сервера: только контракт.',
            },
            { target: './apps/server', from: './apps/crm' },
            ...webFeatureIsolation,
            ...sharedWebCode,
            ...crmFeatureIsolation,
            ...sharedCrmCode,
          ],
        },
      ],
    },
  },
  {
    // Rules that need the type checker: a promise nobody awaits, a promise where a callback must
    // return nothing, a switch that forgets a member of a union.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/crm/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['scripts/**', 'apps/server/src/cli/**', 'apps/server/build.mjs', 'e2e/**'],
    rules: { 'no-console': 'off' },
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
);
