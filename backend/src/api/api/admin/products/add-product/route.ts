import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { loadShopProducts } from "#app/read-models/products"
import { createShopProductWorkflow } from "#app/workflows/shop-product"
import type { MessageAnswer, ProductAnswer } from "@shop/contract"
import type { ShopProductBody } from "../validators"

export async function POST(req: MedusaRequest<ShopProductBody>, res: MedusaResponse) {
  const { result: id } = await createShopProductWorkflow(req.scope).run({ input: req.validatedBody })
  const [product] = await loadShopProducts(req.scope, { id })
  res
    .status(201)
    .json({ success: true, message: "Product added successfully", data: product } satisfies ProductAnswer &
      MessageAnswer)
}
