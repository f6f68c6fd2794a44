import { randomBytes } from "node:crypto"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { copyTemplate } from "../template-db"

type Options = Parameters<typeof medusaIntegrationTestRunner>[0]

/**
 * Medusa's integration runner, on a database copied from the migrated
 * template of integration-tests/global-setup.js (see template-db.js) instead
 * of one migrated from nothing. Without a template it is the runner as is.
 */
export function shopIntegrationTestRunner(options: Options) {
  // `medusa start` calls registerInstrumentation before it creates the server:
  // instrumentation.ts's register() installs what every answer carries (the
  // security headers). Medusa's runner skips that step; here it is taken, with
  // Medusa's own function, before the runner's beforeAll loads the app.
  beforeAll(async () => {
    const { registerInstrumentation } = await import("@medusajs/medusa/commands/start")
    await registerInstrumentation(options.cwd ?? process.cwd())
  })
  const template = process.env.SHOP_TEST_TEMPLATE
  if (!template || template === "off") return medusaIntegrationTestRunner(options)
  const dbName = `shop_test_${process.env.JEST_WORKER_ID ?? "1"}_${randomBytes(6).toString("hex")}`
  return medusaIntegrationTestRunner({
    ...options,
    dbName,
    hooks: {
      ...options.hooks,
      beforeServerStart: async (container) => {
        await copyTemplate(template, dbName)
        await options.hooks?.beforeServerStart?.(container)
      },
    },
  })
}
