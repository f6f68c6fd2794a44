import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { picturesOfProducts } from "#app/api/utils/pictures"
import { loadShopProducts } from "#app/read-models/products"
import type { ProductAnswer } from "@shop/contract"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const [product] = await loadShopProducts(req.scope, { id: req.params.id })
  if (!product) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "Product not found")
  }
  res.json({
    success: true,
    data: product,
    ...(await picturesOfProducts(req.scope, [product])),
  } satisfies ProductAnswer)
}
