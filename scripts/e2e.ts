/**
 * Browser tests: builds what changed, starts the real stack (backend in
 * production mode and the storefront server) on a fresh, seeded database, then
 * runs Playwright in Debian's Chromium against it, and stops everything.
 *
 *   tsx scripts/e2e.ts [playwright args...]
 * The database server comes from scripts/lib/test-db.ts (embedded by default);
 * the database is E2E_DATABASE (default shop_e2e), so two checkouts can run side by side.
 */
import path from "node:path"
import { ROOT, run } from "./lib/stack"
import { withTestStack } from "./lib/test-stack"

withTestStack(process.env.E2E_DATABASE || "shop_e2e", async ({ publicUrl, backendUrl, smsUrl, databaseUrl }) => {
  try {
    await run(
      path.join(ROOT, "node_modules", ".bin", "playwright"),
      ["test", "--config", path.join(ROOT, "storefront", "e2e", "playwright.config.ts"), ...process.argv.slice(2)],
      {
        cwd: ROOT,
        env: {
          E2E_BASE_URL: publicUrl,
          E2E_BACKEND_URL: backendUrl,
          E2E_SMS_URL: smsUrl,
          E2E_DATABASE_URL: databaseUrl,
        },
        log: (line) => console.log(line),
        label: "playwright",
      }
    )
    return 0
  } catch {
    return 1
  }
}).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
)
