import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { picturesOfProducts } from "#app/api/utils/pictures"
import { filterAndSortProducts, loadShopProducts } from "#app/read-models/products"
import type { ProductsAnswer } from "@shop/contract"
import type { GetShopProductsQuery } from "../validators"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const params = req.validatedQuery as GetShopProductsQuery
  const products = filterAndSortProducts(await loadShopProducts(req.scope), {
    category: params.category,
    brand: params.brand,
    sortBy: params.sortBy,
  })
  res.json({
    success: true,
    products,
    ...(await picturesOfProducts(req.scope, products)),
  } satisfies ProductsAnswer)
}
