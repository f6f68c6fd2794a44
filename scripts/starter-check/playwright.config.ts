import { defineConfig } from "@playwright/test"

/** The starter walk (scripts/starter-check/run.ts); Debian's Chromium, as the e2e specs. */
export default defineConfig({
  testDir: ".",
  testMatch: "walk.spec.ts",
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  outputDir: "../../test-results/starter-check",
  use: {
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu"],
    },
  },
})
