import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateShopBody } from "#app/api/utils/validate"
import { MetaSettingsSchema } from "./validators"

export const adminMetaMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/admin/meta/settings", methods: ["PUT"], middlewares: [validateShopBody(MetaSettingsSchema)] },
]
