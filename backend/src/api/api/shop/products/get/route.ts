import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { filterAndSortProducts, loadShopProducts } from "#app/read-models/products"
import type { ProductsAnswer } from "@shop/contract"
import type { GetShopProductsQuery } from "../validators"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const params = req.validatedQuery as GetShopProductsQuery
  const products = await loadShopProducts(req.scope)
  res.json({
    success: true,
    products: filterAndSortProducts(products, {
      category: params.category,
      brand: params.brand,
      sortBy: params.sortBy,
    }),
  } satisfies ProductsAnswer)
}
