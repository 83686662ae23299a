// ESLint's checks of the web page's JavaScript (src/bigtop/server/static, and the boards the tests
// serve: ES modules run in the browser, no build step). Run by `make lint` and `make test`
// (`npx eslint`, after `npm ci`).
// The recommended rules, plus those that catch real bugs in a page like this one: strict equality,
// no globals made by mistake, no variable used before it is set, no shadowed name read by mistake.

import js from "@eslint/js";
import globals from "globals";

export default [
  {
    ignores: ["node_modules/", ".venv/", "build/", "dist/", "out/"],
  },
  js.configs.recommended,
  {
    files: ["src/bigtop/server/static/**/*.js", "tests/**/*.js"],  // the page and the test boards: browser modules
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser },
    },
    linterOptions: {
      reportUnusedDisableDirectives: "error",
    },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none", ignoreRestSiblings: true }],
      eqeqeq: ["error", "always"],
      "no-implicit-globals": "error",
      "no-use-before-define": ["error", { functions: false, classes: true, variables: true }],
      "no-shadow": ["error", { builtinGlobals: false, hoist: "functions" }],
      "array-callback-return": "error",
      "no-self-compare": "error",
      "no-template-curly-in-string": "error",
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
      "no-promise-executor-return": "error",
      "no-constructor-return": "error",
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
      "no-new-wrappers": "error",
      "no-extend-native": "error",
      "no-throw-literal": "error",
      "no-sequences": "error",
      "no-return-assign": ["error", "always"],
      "no-lone-blocks": "error",
      "no-var": "error",
      "prefer-const": ["error", { destructuring: "all" }],
      "default-case-last": "error",
      radix: "error",
    },
  },
];
