import { configApp } from '@adonisjs/eslint-config'
import { react } from '@adonisjs/eslint-config/react'

/*
| AdonisJS's preset (style, naming, lazy controller imports, prettier) plus typed rules that catch
| promises nobody awaits and variables nobody reads. The console's React pages get the preset's React
| block; its Inertia <Link>/<Form> suggestions target @adonisjs/inertia 4 (AdonisJS 7) and are off.
*/
export default configApp(
  {
    name: 'Bindery: ignored paths',
    ignores: ['tmp/**', 'storage/**', 'public/**', 'build/**', 'node_modules/**'],
  },
  {
    name: 'Bindery: typed rules',
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // The preset's naming rule, with `_name` allowed for bindings left out on purpose
      // (`const { children: _children, ...fields } = node`), as no-unused-vars allows them.
      '@typescript-eslint/naming-convention': [
        'error',
        {
          selector: 'variable',
          format: ['camelCase', 'UPPER_CASE', 'PascalCase'],
          leadingUnderscore: 'allow',
        },
        { selector: 'typeLike', format: ['PascalCase'] },
        { selector: 'class', format: ['PascalCase'] },
        {
          selector: 'interface',
          format: ['PascalCase'],
          custom: { regex: '^I[A-Z]', match: false },
        },
      ],
    },
  },
  ...react,
  {
    name: 'Bindery: console pages',
    files: ['inertia/**/*.{ts,tsx}'],
    rules: {
      '@adonisjs/prefer-adonisjs-inertia-link': 'off',
      '@adonisjs/prefer-adonisjs-inertia-form': 'off',
    },
  }
)
