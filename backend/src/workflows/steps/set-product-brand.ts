import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { BRAND_MODULE } from "../../modules/brand"

export type SetProductBrandInput = { product_id: string; brand_id: string }
type Undo = { product_id: string; previous: string | null; next: string | null }

const linkOf = (productId: string, brandId: string) => ({
  [Modules.PRODUCT]: { product_id: productId },
  [BRAND_MODULE]: { brand_id: brandId },
})

/** Links the product to one brand; compensation links the previous one back. */
export const setProductBrandStep = createStep(
  "set-product-brand",
  async (input: SetProductBrandInput, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const link = container.resolve(ContainerRegistrationKeys.LINK)
    const { data } = await query.graph({
      entity: "product",
      fields: ["id", "brand.id"],
      filters: { id: input.product_id },
    })
    const previous = (data[0] as { brand?: { id: string } | null } | undefined)?.brand?.id ?? null
    if (previous === input.brand_id) {
      return new StepResponse<string, Undo>(input.brand_id, { product_id: input.product_id, previous, next: null })
    }
    if (previous) await link.dismiss(linkOf(input.product_id, previous))
    await link.create(linkOf(input.product_id, input.brand_id))
    return new StepResponse<string, Undo>(input.brand_id, {
      product_id: input.product_id,
      previous,
      next: input.brand_id,
    })
  },
  async (undo, { container }) => {
    if (!undo?.next) return
    const link = container.resolve(ContainerRegistrationKeys.LINK)
    await link.dismiss(linkOf(undo.product_id, undo.next))
    if (undo.previous) await link.create(linkOf(undo.product_id, undo.previous))
  }
)
