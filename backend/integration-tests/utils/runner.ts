import { randomBytes } from "node:crypto"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { copyTemplate } from "../template-db"

type Options = Parameters<typeof medusaIntegrationTestRunner>[0]

/** The module of Medusa's runner that migrates a spec's database and plans its link tables. */
type RunnerDbSteps = {
  migrateDatabase: (appLoader: unknown) => Promise<void>
  syncLinks: (appLoader: AppLoader, directory: string, container: unknown, logger: unknown) => Promise<void>
}

type AppLoader = { getLinksExecutionPlanner: () => Promise<unknown> }

/** The app's loader, whose link planner is made (that loads the link modules) but plans nothing. */
const plansNothing = (appLoader: AppLoader): AppLoader => ({
  getLinksExecutionPlanner: async () => {
    await appLoader.getLinksExecutionPlanner()
    return { createPlan: async () => [], executePlan: async () => undefined }
  },
})

/**
 * A copy of the template already holds every module's migrations and every
 * link table, so the runner's own steps for them (each module asked for
 * pending migrations, each link table compared with its definition: about 3 s
 * a file, 27 files) find nothing to do. On a copy they are skipped; the link
 * step still loads the shop's link definitions, with a planner that plans nothing.
 */
function skipMigrationStepsOnCopies() {
  // the runner calls these through its module's exports at each use: replacing them here is seen there
  const steps: RunnerDbSteps = require("@medusajs/test-utils/dist/medusa-test-runner-utils/use-db")
  const syncLinks = steps.syncLinks
  steps.migrateDatabase = async () => undefined
  steps.syncLinks = (appLoader, directory, container, logger) =>
    syncLinks(plansNothing(appLoader), directory, container, logger)
}

/**
 * Medusa's integration runner, on a database copied from the seeded (else the
 * migrated) template of integration-tests/global-setup.js (see template-db.js)
 * instead of one migrated from nothing. Without a template it is the runner as is.
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
  const migrated = process.env.SHOP_TEST_TEMPLATE
  if (!migrated || migrated === "off") return medusaIntegrationTestRunner(options)
  skipMigrationStepsOnCopies()
  // this run's seeded copy when there is one: the spec's own seed() then finds everything in place
  const seeded = process.env.SHOP_TEST_SEEDED
  const template = seeded && seeded !== "off" ? seeded : migrated
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
