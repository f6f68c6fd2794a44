import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { readAdSpendStep, writeAdSpendStep } from "./steps/ad-spend"

const LOCK = "ad-spend-sync"

/**
 * Meta's ad spend per ad and day for these days (YYYY-MM-DD), read and
 * written (jobs/ad-spend.ts every hour, and POST /api/admin/profit/ad-spend).
 * One read at a time: a second waits, then reads again (Meta's own rows, the
 * same answer), so two never interleave their writes.
 */
export const syncAdSpendWorkflow = createWorkflow("sync-ad-spend", (input: { since: string; until: string }) => {
  acquireLockStep({ key: LOCK, timeout: 120, ttl: 300 })
  const read = readAdSpendStep(input)
  const written = writeAdSpendStep(transform({ read }, ({ read }) => read.rows))
  releaseLockStep({ key: LOCK })
  return new WorkflowResponse(
    transform({ read, written }, ({ read, written }) => ({
      skipped: read.skipped,
      pages: read.pages,
      days: written,
      rateLimited: read.rateLimited,
    }))
  )
})
