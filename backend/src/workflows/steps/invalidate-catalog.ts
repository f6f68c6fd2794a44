import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { invalidateCatalog } from "../../read-models/catalog-cache"

/**
 * The last step of a catalog change: the next read loads the catalog again.
 * If the workflow is rolled back, the restored catalog is reloaded too.
 */
export const invalidateCatalogStep = createStep(
  "invalidate-catalog",
  async () => {
    invalidateCatalog()
    return new StepResponse(true, true)
  },
  async () => {
    invalidateCatalog()
  }
)
