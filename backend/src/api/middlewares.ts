import { defineMiddlewares } from "@medusajs/framework/http"
import { shopProductMiddlewares } from "./api/shop/products/middlewares"
import { shopErrorHandler } from "./utils/shop-errors"

export default defineMiddlewares({
  errorHandler: shopErrorHandler(),
  routes: [...shopProductMiddlewares],
})
