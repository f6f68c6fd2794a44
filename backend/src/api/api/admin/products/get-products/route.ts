import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { filterAndSortProducts, loadShopProducts } from "#app/read-models/products"
import type { ProductsAnswer } from "@shop/contract"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const products = await loadShopProducts(req.scope)
  res.json({
    success: true,
    products: filterAndSortProducts(products, { category: [], brand: [], sortBy: "title-atoz" }),
  } satisfies ProductsAnswer)
}
