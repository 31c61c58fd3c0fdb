// Typed linting for the whole project; zero warnings are allowed (see package.json "lint").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'test/**/fixtures/**',
      'bpf/build/**',
      '.ci/out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // One program from tsconfig.json for the whole run (typescript-eslint infers a single run
        // from the eslint CLI and CI=true): less CPU than the project service. The JavaScript files
        // are linted without types (below).
        project: './tsconfig.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Parsed without types too: the typed rules are off here, a program for them would be wasted.
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: 'readonly', URL: 'readonly', console: 'readonly', Buffer: 'readonly' },
    },
  },
  {
    // docs/architecture.md "Rules every room follows": a room throws (or rejects with) its own coded
    // errors, which derive from common/'s one base with `code`, `hint` and `cause`.
    files: ['{common,tuf,log,dap,vdaf,guard,packs,node}/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ThrowStatement > :matches(NewExpression, CallExpression)[callee.name='Error']",
          message: "Throw the room's coded error (a MeshError subclass), not a bare Error.",
        },
        {
          selector:
            "CallExpression[callee.object.name='Promise'][callee.property.name='reject'] > NewExpression[callee.name='Error']",
          message: "Reject with the room's coded error (a MeshError subclass), not a bare Error.",
        },
        {
          selector: 'NewExpression[callee.name=/^(RangeError|TypeError)$/]',
          message:
            "Throw the room's coded error (a MeshError subclass), not a RangeError or TypeError.",
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
);
