import { randomBytes } from "node:crypto"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { copyTemplate, copyWithFileCopies } from "../template-db"

type Options = Parameters<typeof medusaIntegrationTestRunner>[0]

/** The module of Medusa's runner that migrates a spec's database, its link tables and its search indexes. */
type RunnerDbSteps = {
  migrateDatabase: (appLoader: unknown) => Promise<void>
  syncLinks: (appLoader: unknown, directory: string, container: unknown, logger: unknown) => Promise<void>
  migrateSearchIndexes: (container: unknown, logger: unknown) => Promise<void>
}

/**
 * A copy of the template already holds every module's migrations, every link
 * table and every search index, so the runner's own steps for them (each
 * module asked for pending migrations, each link table compared with its
 * definition, the search module's plan) find nothing to do: on a copy they are
 * skipped. The app's start (`startApp`, Medusa's own loaders) loads the link
 * definitions and the modules as `medusa start` does.
 */
function skipMigrationStepsOnCopies() {
  // the runner calls these through its module's exports at each use: replacing them here is seen there
  const steps: RunnerDbSteps = require("@medusajs/test-utils/dist/medusa-test-runner-utils/use-db")
  steps.migrateDatabase = async () => undefined
  steps.syncLinks = async () => undefined
  steps.migrateSearchIndexes = async () => undefined
}

/**
 * Medusa's runner loads the app twice: once with its own MedusaAppLoader, for
 * the steps above and `getMedusaApp()` (which no spec here reads), then again
 * in `startApp`, the app the tests talk to. On a copy the steps are skipped, so
 * the first load is too: the next `load()` after this call (the runner's own)
 * answers nothing, and every later one is Medusa's. About 1.8 s of CPU a file
 * (docs/testing.md).
 */
async function skipNextAppLoad() {
  const { MedusaAppLoader } = await import("@medusajs/framework")
  const load = MedusaAppLoader.prototype.load
  MedusaAppLoader.prototype.load = async function skipped() {
    MedusaAppLoader.prototype.load = load
    return undefined as never
  }
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
  copyWithFileCopies()
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
        await skipNextAppLoad()
        await copyTemplate(template, dbName)
        await options.hooks?.beforeServerStart?.(container)
      },
    },
  })
}
