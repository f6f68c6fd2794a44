import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { invalidateCatalog } from "../../read-models/catalog-cache"

/**
 * The last step of a catalog change: the next read loads the catalog again,
 * and the storefront servers are told (the product changed, or everything
 * when none is named). If the workflow is rolled back, the restored catalog
 * is reloaded (and told) too.
 */
export const invalidateCatalogStep = createStep(
  "invalidate-catalog",
  async (input: { product_id?: string } | undefined) => {
    const ids = input?.product_id ? [input.product_id] : undefined
    invalidateCatalog(ids)
    return new StepResponse(true, ids ?? [])
  },
  async (ids) => {
    invalidateCatalog(ids ?? undefined)
  }
)
