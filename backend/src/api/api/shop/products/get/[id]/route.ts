import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { loadShopProducts } from "../../../../../../lib/shop-products"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const id = req.params.id
  const [product] = /^prod_[0-9A-Za-z]{1,64}$/.test(id)
    ? await loadShopProducts(req.scope.resolve(ContainerRegistrationKeys.QUERY), { id })
    : []
  if (!product) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "Product not found")
  }
  res.json({ success: true, data: product })
}
