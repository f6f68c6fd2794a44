const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

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
}
