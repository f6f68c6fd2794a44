import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { filterAndSortProducts, loadShopProducts } from "../../../../../lib/shop-products"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const products = await loadShopProducts(req.scope.resolve(ContainerRegistrationKeys.QUERY))
  res.json({
    success: true,
    products: filterAndSortProducts(products, { category: [], brand: [], sortBy: "title-atoz" }),
  })
}
