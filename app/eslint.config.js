// Lint rules for the app: JavaScript and TypeScript recommendations, the rules of hooks, the
// boundaries between features and static translation keys.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The features that every other feature may use (app/README.md, "Layout"). */
const appWideServices = ['auth', 'player'];
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A file under src/features/<name>/ imports another feature only when it is an app-wide service.
 * Relative imports only look down (`./x`): anything outside the file's folder is addressed from
 * `@/`, so this check sees which feature every import lands in.
 */
const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^@/features/(?!(?:${[feature, ...appWideServices].join('|')})(?:/|$))`,
            message: `Features do not import each other (only ${appWideServices.map((name) => `features/${name}`).join(' and ')} are app-wide): move the shared piece to src/lib or src/components.`,
          },
          {
            regex: '^\\.\\./',
            message: 'Relative imports only look down; import from outside this folder through `@/`.',
          },
        ],
      },
    ],
  },
}));

/** Anything but a string literal (or a template literal without expressions) as a translation key. */
const notLiteral = ':not(Literal):not(TemplateLiteral[expressions.length=0])';
const staticKeyMessage =
  "Translation keys are static literals: map a domain value to a function with a literal key, e.g. `{ free: (t) => t('app.catalog.access.free') }`.";
const staticTranslationKeys = [
  { selector: `CallExpression[callee.name='t'] > :first-child${notLiteral}`, message: staticKeyMessage },
  { selector: `CallExpression[callee.property.name='t'] > :first-child${notLiteral}`, message: staticKeyMessage },
  { selector: `JSXAttribute[name.name='i18nKey'] > JSXExpressionContainer > ${notLiteral}`, message: staticKeyMessage },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/wasm-pkg', 'src/lib/api/schema.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The two classic rules of hooks; the React Compiler rules of the plugin's preset are for
      // apps built with the compiler, which this one is not.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...staticTranslationKeys],
    },
  },
  ...featureBoundaries,
);
