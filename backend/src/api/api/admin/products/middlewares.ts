import type { MiddlewareRoute } from "@medusajs/framework/http"
import { receiveImage } from "#app/api/utils/upload"
import { validateShopBody } from "#app/api/utils/validate"
import { ShopProductSchema } from "./validators"

export const adminProductMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/admin/products/add-product",
    methods: ["POST"],
    middlewares: [validateShopBody(ShopProductSchema)],
  },
  {
    matcher: "/api/admin/products/edit-product/:id",
    methods: ["PUT"],
    middlewares: [validateShopBody(ShopProductSchema)],
  },
  {
    matcher: "/api/admin/products/upload-image",
    methods: ["POST"],
    bodyParser: false,
    middlewares: [receiveImage("my_file")],
  },
]
