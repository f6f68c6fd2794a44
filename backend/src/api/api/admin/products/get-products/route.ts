import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { picturesOfProducts } from "#app/api/utils/pictures"
import { filterAndSortProducts, loadShopProducts } from "#app/read-models/products"
import type { ProductsAnswer } from "@shop/contract"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const products = filterAndSortProducts(await loadShopProducts(req.scope), {
    category: [],
    brand: [],
    sortBy: "title-atoz",
  })
  res.json({
    success: true,
    products,
    ...(await picturesOfProducts(req.scope, products)),
  } satisfies ProductsAnswer)
}
