import type { MiddlewareRoute } from "@medusajs/framework/http"
import { requireSelfOrAdmin } from "#app/api/utils/guards"
import { validateShopBody, validateShopQuery } from "#app/api/utils/validate"
import { AddToCartSchema } from "./cart-validators"
import { GetShopProductsSchema } from "./validators"

export const shopProductMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/shop/products/get",
    methods: ["GET"],
    middlewares: [validateShopQuery(GetShopProductsSchema)],
  },
  {
    matcher: "/api/shop/products/addtocart",
    methods: ["POST"],
    middlewares: [requireSelfOrAdmin("body"), validateShopBody(AddToCartSchema)],
  },
  { matcher: "/api/shop/products/getcart/:userId", methods: ["GET"], middlewares: [requireSelfOrAdmin()] },
  {
    matcher: "/api/shop/products/updatecart/:userId/:productId/:quantity",
    methods: ["PUT"],
    middlewares: [requireSelfOrAdmin()],
  },
  {
    matcher: "/api/shop/products/deletecart/:userId/:productId",
    methods: ["DELETE"],
    middlewares: [requireSelfOrAdmin()],
  },
]
