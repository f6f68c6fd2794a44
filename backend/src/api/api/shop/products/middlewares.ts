import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateShopQuery } from "../../../utils/validate"
import { GetShopProductsSchema } from "./validators"

export const shopProductMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/shop/products/get",
    methods: ["GET"],
    middlewares: [validateShopQuery(GetShopProductsSchema)],
  },
]
