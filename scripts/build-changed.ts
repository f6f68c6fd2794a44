/**
 * Builds what changed since the last build (the contract, the backend, the
 * storefront; each skipped when its sources are unchanged): what `npm start`,
 * the browser tests and the scripts' servers start from.
 *
 *   tsx scripts/build-changed.ts
 */
import { buildBackend, buildStorefront } from "./lib/stack"

const log = (line: string) => console.log(line)

Promise.all([buildBackend(log), buildStorefront(log)]).then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
)
