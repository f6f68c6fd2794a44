import { defineConfig, devices } from "@playwright/test"

/**
 * Started by scripts/e2e.ts, which brings up the real backend and storefront
 * and passes their URLs. Browser: Debian's Chromium (no downloaded browsers).
 */
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // a guard against a hang, not a speed goal: on a slow day the CI host runs three times slower, two shards
  // and the backend's suites beside each other on two cores
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  // scripts/e2e.ts gives each shard its own (Playwright empties it as it starts)
  outputDir: process.env.E2E_OUTPUT_DIR || "../../test-results/e2e",
  use: {
    baseURL: process.env.E2E_BASE_URL || "http://localhost:5173",
    // a trace of every test costs about 7% of the run and, in CI, is never read: E2E_TRACE=retain-on-failure
    // (or on) records them, into test-results/e2e
    trace: (process.env.E2E_TRACE as "on" | "retain-on-failure" | undefined) || "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"] } }],
})
