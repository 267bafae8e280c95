import nx from '@nx/eslint-plugin';
import { plugin as apiDomains } from './tools/eslint/api-domain-boundaries.mjs';

const noAntd = ['antd', 'antd/*', '@ant-design/*'];
const browserOnly = [
  'react',
  'react-dom',
  'react-dom/*',
  'react-redux',
  '@reduxjs/*',
  'antd',
  'antd/*',
  '@ant-design/*',
  'react-router',
];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  { ignores: ['**/dist', '**/node_modules', '**/tmp', '**/data', '**/test-results', '**/playwright-report', '.nx'] },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: [],
          // the ui facade has three federated entries; the shell imports the light ones and
          // names the full one in an import() only so its build provides it (remote-area.tsx)
          checkDynamicDependenciesExceptions: ['@smsc/shared-ui'],
          depConstraints: [
            // scope: who may use whom. No catch-all: a project without tags may depend on nothing.
            { sourceTag: 'scope:shell', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:system-admin', onlyDependOnLibsWithTags: ['scope:system-admin', 'scope:shared'] },
            { sourceTag: 'scope:company-admin', onlyDependOnLibsWithTags: ['scope:company-admin', 'scope:shared'] },
            { sourceTag: 'scope:company-user', onlyDependOnLibsWithTags: ['scope:company-user', 'scope:shared'] },
            { sourceTag: 'scope:reseller', onlyDependOnLibsWithTags: ['scope:reseller', 'scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            {
              sourceTag: 'scope:server',
              onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'],
              bannedExternalImports: browserOnly,
            },
            { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['scope:shared'] },
            // type: layers. Only the ui kit touches antd; remotes and the shell go through it.
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: [
                'type:feature',
                'type:resource',
                'type:ui',
                'type:data-access',
                'type:util',
                'type:contract',
                'type:server',
                'type:testing',
              ],
              bannedExternalImports: noAntd,
            },
            {
              sourceTag: 'type:feature',
              onlyDependOnLibsWithTags: [
                'type:feature',
                'type:resource',
                'type:ui',
                'type:data-access',
                'type:util',
                'type:contract',
                'type:testing',
              ],
              bannedExternalImports: noAntd,
            },
            {
              sourceTag: 'type:resource',
              onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:util', 'type:contract', 'type:testing'],
              bannedExternalImports: noAntd,
            },
            {
              sourceTag: 'type:ui',
              onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:util', 'type:contract', 'type:testing'],
            },
            {
              sourceTag: 'type:data-access',
              onlyDependOnLibsWithTags: ['type:data-access', 'type:util', 'type:contract', 'type:testing'],
              bannedExternalImports: noAntd,
            },
            {
              sourceTag: 'type:testing',
              onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:util', 'type:contract'],
            },
            {
              sourceTag: 'type:util',
              onlyDependOnLibsWithTags: ['type:util', 'type:contract'],
              bannedExternalImports: noAntd,
            },
            {
              sourceTag: 'type:contract',
              onlyDependOnLibsWithTags: ['type:contract'],
              allowedExternalImports: ['@sinclair/typebox', '@sinclair/typebox/*'],
            },
            { sourceTag: 'type:server', onlyDependOnLibsWithTags: ['type:server', 'type:util', 'type:contract'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:util', 'type:contract'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // test files may import the testing helpers regardless of layer
    files: ['**/*.spec.ts', '**/*.spec.tsx'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // build configuration, not app code: it reads the shared webpack factory under tools/
    files: ['apps/*/webpack.config.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    // jsdom stand-ins for browser APIs that do nothing on purpose
    files: ['tools/jest/**'],
    rules: { '@typescript-eslint/no-empty-function': 'off' },
  },
  {
    // inside the API a domain is imported only through its index.ts (tools/eslint/api-domain-boundaries.mjs)
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    plugins: { 'api-domains': apiDomains },
    rules: { 'api-domains/domain-boundaries': 'error' },
  },
];
