import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { filterAndSortProducts, loadShopProducts } from "../../../../../lib/shop-products"
import type { GetShopProductsQuery } from "../validators"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const params = req.validatedQuery as GetShopProductsQuery
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const products = await loadShopProducts(query)
  res.json({
    success: true,
    products: filterAndSortProducts(products, {
      category: params.category,
      brand: params.brand,
      sortBy: params.sortBy,
    }),
  })
}
