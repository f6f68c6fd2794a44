const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())
// signing in and registering is most of many tests: password hashes at scrypt's cost 10, not 15
// (src/lib/password-hash.ts; set here, so the run's seed and every spec's app share it)
process.env.PASSWORD_HASH_COST ??= "10"

module.exports = {
  transform: {
    "^.+\\.[jt]s$": [
      "@swc/jest",
      {
        jsc: {
          parser: { syntax: "typescript", decorators: true },
        },
      },
    ],
  },
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "json"],
  // the contract from its source, so tests never run against a stale build of it
  moduleNameMapper: {
    "^@shop/contract$": "<rootDir>/../packages/contract/src/index.ts",
    // src/ by its alias (package.json "imports", tsconfig "paths")
    "^#app/(.*)$": "<rootDir>/src/$1",
  },
  modulePathIgnorePatterns: ["dist/", "<rootDir>/.medusa/"],
  setupFiles: ["./integration-tests/setup.js"],
  globalSetup: "./integration-tests/global-setup.js",
  globalTeardown: "./integration-tests/global-teardown.js",
  testMatch: ["**/integration-tests/**/*.spec.[jt]s", "**/src/**/__tests__/**/*.unit.spec.[jt]s"],
  testTimeout: 120000,
  // Each spec file boots a Medusa app in a fresh module registry, and not all of it is released: a worker
  // that ran a dozen files held 3.7 GB and spent seconds a collection (then ran out of heap). A worker
  // past this after a file is replaced by a fresh one.
  workerIdleMemoryLimit: "1000MB",
}
