import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateShopBody } from "#app/api/utils/validate"
import { SmsTemplatesSchema, SmsTestSchema } from "./validators"

export const adminSmsMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/admin/sms/templates", methods: ["PUT"], middlewares: [validateShopBody(SmsTemplatesSchema)] },
  { matcher: "/api/admin/sms/send-test", methods: ["POST"], middlewares: [validateShopBody(SmsTestSchema)] },
]
