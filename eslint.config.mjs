// One ESLint config for the whole repository (`npm run lint`; `npm test` runs it first).
//
// - typescript-eslint's recommended rules on all TypeScript; React's, react-hooks' and jsx-a11y's
//   recommended rules on browser code (storefront/src, backend/src/admin).
// - One format for every workspace: Prettier (.prettierrc.json; `npm run format` writes it,
//   `npm run lint` checks it), with ESLint's stylistic rules off; imports in one order (import-x/order).
// - Medusa's rules (its core repo's eslint config and the house style guide): no `@ts-ignore`,
//   `_`-prefixed names may go unused, MedusaError instead of `throw new Error` on the server,
//   declarative workflow composition, one react-query client and one router in the admin;
//   backend/src/workflows exports workflows and steps only, no plain functions (shop/workflows-only);
//   no `as never` or `as unknown as` casts in backend/src outside tests (the real type instead).
// - Import boundaries: backend api -> workflows -> read-models -> modules, lib is infrastructure,
//   admin is browser code; storefront app -> features -> shared (components, lib); features do
//   not import each other. No import cycles, type-only ones included. Imports climb at most two
//   levels (`../../`); further up, use the alias (`#app/*` in backend, `@/*` in storefront).
import { readdirSync } from "node:fs"
import js from "@eslint/js"
import { defineConfig } from "eslint/config"
import prettier from "eslint-config-prettier/flat"
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript"
import { importX } from "eslint-plugin-import-x"
import jsxA11y from "eslint-plugin-jsx-a11y"
import react from "eslint-plugin-react"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"
import noCycle from "./scripts/lint/no-cycle.mjs"
import workflowsOnly from "./scripts/lint/workflows-only.mjs"

const TS = ["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts"]
// the repository's own rules (scripts/lint/)
const shop = { rules: { "no-cycle": noCycle, "workflows-only": workflowsOnly } }
const TESTS = [
  "**/*.test.{ts,tsx}",
  "**/*.spec.{ts,tsx}",
  "**/__tests__/**",
  "**/integration-tests/**",
  "storefront/e2e/**",
  "**/testing/**", // storefront/src/testing, features' testing/ fixtures
  "scripts/tests/**",
]
const dirs = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)

// ---------------------------------------------------------------- import rules

/** Every file: no `../../../`; `extra` adds paths/patterns for a part of the tree. */
const restrictedImports = ({ paths = [], patterns = [] } = {}) => [
  "error",
  {
    paths,
    patterns: [
      {
        regex: "^(\\.\\./){3,}",
        message: "Imports climb at most two levels: use the alias (#app/* in backend, @/* in storefront).",
      },
      ...patterns,
    ],
  },
]

const B = "backend/src"
const backendZones = [
  // A module is self-contained: only its own folder, @medusajs/*, @shop/contract and node.
  ...dirs(`./${B}/modules/`).map((m) => ({
    target: `${B}/modules/${m}`,
    from: B,
    except: [`./modules/${m}`],
    message: "A module imports only its own folder (relations between modules are links in src/links).",
  })),
  {
    target: `${B}/lib`,
    from: B,
    except: ["./lib"],
    message: "src/lib is infrastructure: it imports nothing from api, workflows, read-models or modules.",
  },
  {
    target: `${B}/read-models`,
    from: [`${B}/api`, `${B}/workflows`, `${B}/admin`, `${B}/jobs`, `${B}/subscribers`, `${B}/scripts`, `${B}/links`],
    message: "Read models sit under workflows and api: they import modules and lib only.",
  },
  {
    target: `${B}/workflows`,
    from: [`${B}/api`, `${B}/admin`, `${B}/jobs`, `${B}/subscribers`, `${B}/scripts`, `${B}/links`],
    message: "Workflows sit under the api: they import modules, read-models and lib.",
  },
  {
    target: `${B}/api`,
    from: [`${B}/modules`, `${B}/admin`, `${B}/jobs`, `${B}/subscribers`, `${B}/scripts`, `${B}/links`],
    message: "Route handlers reach modules through workflows (writes) and read-models (reads).",
  },
  {
    target: [`${B}/jobs`, `${B}/subscribers`, `${B}/scripts`, `${B}/links`],
    from: [`${B}/admin`, `${B}/api`],
    message: "Server entry points do not import HTTP handlers or admin (browser) code.",
  },
  {
    target: `${B}/admin`,
    from: [B, "backend/medusa-config.ts", "backend/instrumentation.ts"],
    except: ["./admin"],
    message: "The admin is browser code: it imports @shop/contract, packages and its own files, no server code.",
  },
]

const S = "storefront/src"
const storefrontZones = [
  ...dirs(`./${S}/features/`).map((f) => ({
    target: `${S}/features/${f}`,
    from: `${S}/features`,
    except: [`./${f}`],
    message:
      "Features do not import each other: compose them in src/app, or move the shared part to src/lib or src/components.",
  })),
  {
    target: `${S}/features`,
    from: `${S}/app`,
    message: "Features sit under the app: src/app imports features, not the other way round.",
  },
  {
    target: [`${S}/components`, `${S}/lib`],
    from: [`${S}/features`, `${S}/app`, `${S}/main.tsx`],
    message: "Shared code (components, lib) imports neither features nor the app.",
  },
  {
    target: "storefront/server",
    from: S,
    message: "The storefront server serves the built files; it does not import the browser app.",
  },
]
// Test support (src/testing, features' testing/ fixtures) is for tests only.
const productionOnlyZones = [
  {
    target: S,
    from: [`${S}/testing/**`, `${S}/features/*/testing/**`],
    message: "Test support is imported by tests only.",
  },
]

const workspaceZones = [
  { target: "backend", from: ["storefront"], message: "Backend and storefront share only @shop/contract." },
  { target: "storefront", from: ["backend"], message: "Backend and storefront share only @shop/contract." },
  { target: "packages/contract", from: ["backend", "storefront", "scripts"], message: "The contract imports nothing." },
]

const resolver = (project) => ({
  "import-x/resolver-next": [createTypeScriptImportResolver({ project, alwaysTryTypes: true })],
})

// tsconfig per folder for shop/no-cycle, first match wins (the admin's own tsconfig has no #app/* paths).
const cycleProjects = [
  ["backend/", "backend/tsconfig.json"],
  ["storefront/", "storefront/tsconfig.json"],
  ["packages/contract/", "packages/contract/tsconfig.json"],
]

// ---------------------------------------------------------------- Medusa's house rules

const serverSyntax = [
  {
    selector: "ThrowStatement > NewExpression[callee.name='Error']",
    message:
      "Throw MedusaError (from @medusajs/framework/utils) with a type, so the API answers with the right status.",
  },
]
// A cast to `never` or through `unknown` silences the type checker instead of answering it (backend is `strict`).
const castSyntax = [
  {
    selector: "TSAsExpression[typeAnnotation.type='TSNeverKeyword']",
    message: "No `as never`: use the real type (Medusa's DTOs, InferTypeOf<typeof Model>, @shop/contract).",
  },
  {
    selector: "TSAsExpression > TSAsExpression[typeAnnotation.type='TSUnknownKeyword']",
    message: "No `as unknown as`: use the real type (Medusa's DTOs, InferTypeOf<typeof Model>, @shop/contract).",
  },
]
const workflowSyntax = [
  {
    selector: "CallExpression[callee.name='createWorkflow'] > :function[async=true]",
    message: "Workflow composition is declarative: no async (use steps).",
  },
  {
    selector:
      "CallExpression[callee.name='createWorkflow'] > :function > BlockStatement > :matches(IfStatement, SwitchStatement, ForStatement, ForOfStatement, ForInStatement, WhileStatement, TryStatement)",
    message: "Workflow composition is declarative: no if/switch/loops/try (use when() and transform()).",
  },
]

export default defineConfig(
  {
    ignores: [
      "**/node_modules/",
      "**/dist/",
      "**/dist-ssr/",
      "**/.medusa/",
      "**/.cache/",
      "**/.data/",
      "backend/static/",
      "**/test-results/",
      "**/playwright-report/",
      "**/coverage/",
      "**/*.d.ts", // vite-env.d.ts, Medusa's generated types
      "backend/src/modules/*/migrations/", // generated by `medusa db:generate`
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: "error" } },

  js.configs.recommended,
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["backend/**/*.js", "**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node, ...globals.jest } },
  },

  ...tseslint.configs.recommended.map((c) => ({ ...c, files: c.files ?? TS })),
  {
    rules: {
      // `let x` read by a cleanup registered before the first assignment is correct (a const there would be in its TDZ).
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: TS,
    rules: {
      // Medusa's core config: `_`-prefixed arguments are there to be ignored.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // STYLE.md: no `@ts-ignore` (to force a core status or anything else); a described @ts-expect-error is allowed.
      "@typescript-eslint/ban-ts-comment": [
        "error",
        { "ts-expect-error": "allow-with-description", minimumDescriptionLength: 10 },
      ],
    },
  },

  // ------------------------------------------------ React (storefront and Medusa admin)
  {
    files: ["storefront/src/**/*.{ts,tsx}", "backend/src/admin/**/*.{ts,tsx}"],
    ...react.configs.flat.recommended,
    languageOptions: { ...react.configs.flat.recommended.languageOptions, globals: { ...globals.browser } },
    settings: { react: { version: "18.3" } },
  },
  {
    files: ["storefront/src/**/*.{ts,tsx}", "backend/src/admin/**/*.{ts,tsx}"],
    ...react.configs.flat["jsx-runtime"], // the new JSX transform: React need not be in scope
  },
  {
    files: ["storefront/src/**/*.{ts,tsx}", "backend/src/admin/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // labels, roles, alt texts, keyboard access: shoppers on phones with screen readers, merchants on keyboards
    files: ["storefront/src/**/*.{ts,tsx}", "backend/src/admin/**/*.{ts,tsx}"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["storefront/src/**/*.{ts,tsx}", "backend/src/admin/**/*.{ts,tsx}"],
    rules: {
      "react/prop-types": "off", // TypeScript types the props
      // Copy is written as people read it (don't, "sale"); only the characters that end a tag or an expression count.
      "react/no-unescaped-entities": ["error", { forbid: [">", "}"] }],
    },
  },

  {
    files: TESTS,
    rules: {
      // Jest tests require() a module after setting the environment or resetting the registry.
      "@typescript-eslint/no-require-imports": "off",
      // Tests call a client's methods by name (api[method]) over a table of routes.
      "@typescript-eslint/no-unsafe-function-type": "off",
    },
  },

  // ------------------------------------------------ import boundaries and cycles
  {
    files: ["**/*.{ts,tsx,mts,cts,js,mjs,cjs}"],
    plugins: { "import-x": importX, shop },
    rules: {
      "shop/no-cycle": ["error", { projects: cycleProjects }],
      "no-restricted-imports": restrictedImports(),
      // one order everywhere: node and packages, then the aliases, then relative paths (fixed by eslint --fix)
      "import-x/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", ["parent", "sibling", "index"]],
          pathGroups: [
            { pattern: "@shop/**", group: "internal" },
            { pattern: "#app/**", group: "internal" },
            { pattern: "@/**", group: "internal" },
          ],
          pathGroupsExcludedImportTypes: ["builtin"],
          "newlines-between": "never",
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
      "import-x/no-restricted-paths": ["error", { zones: workspaceZones }],
    },
  },
  {
    files: ["backend/**"],
    settings: resolver("backend/tsconfig.json"),
    rules: { "import-x/no-restricted-paths": ["error", { zones: [...workspaceZones, ...backendZones] }] },
  },
  {
    files: ["storefront/**"],
    settings: resolver("storefront/tsconfig.json"),
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { zones: [...workspaceZones, ...storefrontZones, ...productionOnlyZones] },
      ],
    },
  },
  {
    files: ["storefront/**/*.test.{ts,tsx}", "storefront/e2e/**", `${S}/testing/**`, `${S}/features/*/testing/**`],
    rules: { "import-x/no-restricted-paths": ["error", { zones: [...workspaceZones, ...storefrontZones] }] },
  },
  {
    files: ["packages/contract/**"],
    settings: resolver("packages/contract/tsconfig.json"),
  },
  {
    files: ["packages/contract/src/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": restrictedImports({
        patterns: [{ regex: "^(?!\\./)", message: "The contract imports nothing: only its own files (./name)." }],
      }),
    },
  },

  // ------------------------------------------------ Medusa's house rules for backend code
  // (a later entry replaces an earlier one's no-restricted-syntax, so each one repeats castSyntax)
  {
    // the storefront's app and server too
    files: [`${B}/**/*.{ts,tsx}`, `${S}/**/*.{ts,tsx}`, "storefront/server/**/*.ts"],
    ignores: TESTS,
    rules: { "no-restricted-syntax": ["error", ...castSyntax] },
  },
  {
    files: [`${B}/{api,workflows,modules,read-models,subscribers,jobs,links}/**/*.ts`],
    ignores: TESTS,
    rules: { "no-restricted-syntax": ["error", ...castSyntax, ...serverSyntax] },
  },
  {
    files: [`${B}/workflows/**/*.ts`],
    ignores: TESTS,
    rules: { "no-restricted-syntax": ["error", ...castSyntax, ...serverSyntax, ...workflowSyntax] },
  },
  {
    // Every operation is a workflow of steps with compensation: src/workflows exports workflows and steps,
    // reads go to src/read-models, pure helpers to src/lib or their module. Hooks register core workflows' hooks.
    files: [`${B}/workflows/**/*.ts`],
    ignores: [...TESTS, `${B}/workflows/hooks/**`],
    plugins: { shop },
    rules: { "shop/workflows-only": "error" },
  },
  {
    files: [`${B}/admin/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": restrictedImports({
        paths: [
          {
            name: "@tanstack/react-query",
            importNames: ["QueryClient", "QueryClientProvider"],
            message: "The admin runs inside the dashboard's QueryClient: use useQueryClient(), never a second client.",
          },
          { name: "react-router", message: "The admin uses the dashboard's router: import from react-router-dom." },
        ],
      }),
    },
  },
  {
    // Data goes through the one sdk (storefront/src/lib/sdk.ts, backend/src/admin/lib/sdk.ts).
    files: [`${S}/**/*.{ts,tsx}`, `${B}/admin/**/*.{ts,tsx}`],
    // the landing page's own small client (the sdk is too big for its 60 KB budget), and the phone
    // check panel's (its lazy chunk imports nothing of the page's: lib/http would split into one more file)
    ignores: [...TESTS, `${S}/lib/http.ts`, `${S}/features/landing/api/phone-check.ts`],
    rules: {
      "no-restricted-globals": ["error", { name: "fetch", message: "Call the API through the sdk, not raw fetch." }],
    },
  },

  // Prettier formats (npm run format; npm run lint checks): ESLint's stylistic rules that would fight it are off
  prettier
)
