import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listIncompleteOrders } from "#app/read-models/landing-drafts"
import type { IncompleteOrdersAnswer } from "@shop/contract"
import type { IncompleteOrdersQuery } from "./validators"

/** Open drafts of landing pages (incomplete orders), the shopper's latest change first, with their page and age. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { offset, limit } = req.validatedQuery as IncompleteOrdersQuery
  const page = await listIncompleteOrders(req.scope, { offset, limit })
  res.setHeader("Cache-Control", "no-store")
  res.json({ success: true, ...page, offset, limit } satisfies IncompleteOrdersAnswer)
}
