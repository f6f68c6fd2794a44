import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { loadShopProducts } from "#app/read-models/products"
import { updateShopProductWorkflow } from "#app/workflows/shop-product"
import type { MessageAnswer, ProductAnswer } from "@shop/contract"
import type { ShopProductBody } from "../../validators"

export async function PUT(req: MedusaRequest<ShopProductBody>, res: MedusaResponse) {
  await updateShopProductWorkflow(req.scope).run({ input: { id: req.params.id, product: req.validatedBody } })
  const [product] = await loadShopProducts(req.scope, { id: req.params.id })
  res.json({ success: true, message: "Product updated successfully", data: product } satisfies ProductAnswer &
    MessageAnswer)
}
