import { defineConfig, devices } from "@playwright/test"

/**
 * Started by scripts/e2e.ts, which brings up the real backend and storefront
 * and passes their URLs. Browser: Debian's Chromium (no downloaded browsers).
 *
 * Every file shares one seeded stack, so the files run in three phases:
 * - FIRST, alone: admin-guard.spec.ts needs the guard's per-address velocity
 *   rule quiet (its first order must not be flagged: under 10 orders from this
 *   machine's one address), so it runs before any other file orders anything;
 * - then every other file on two workers, the files that leave the shop as they
 *   found it for everyone else: they write only what they made themselves (their
 *   own customers, pages and orders; orders of any product), and assert nothing
 *   about what the others write (no exact stock of a product others order, no
 *   counts of all products or orders, the seeded demo page as seeded);
 * - then SHARED, one at a time: the files that change what the others read (the
 *   demo page, a product's stock, the catalogue's first product or its size, the
 *   admin's totals and newest orders) or that read something exact the others
 *   change (a product's stock, the whole listing).
 * A new file that changes or counts shared things belongs in SHARED.
 */
const FIRST = ["admin-guard.spec.ts"]
const SHARED = [
  "admin.spec.ts",
  "edge-pages.spec.ts",
  "meta-pixel.spec.ts",
  "pictures.spec.ts",
  "security.spec.ts",
  "shop.spec.ts",
  "xss.spec.ts",
]
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  outputDir: "../../test-results/e2e",
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
  projects: [
    { name: "first", testMatch: FIRST, workers: 1, use: { ...devices["Desktop Chrome"] } },
    {
      name: "desktop",
      testIgnore: [...FIRST, ...SHARED],
      dependencies: ["first"],
      workers: 2,
      use: { ...devices["Desktop Chrome"] },
    },
    { name: "shared", testMatch: SHARED, dependencies: ["desktop"], workers: 1, use: { ...devices["Desktop Chrome"] } },
  ],
})
