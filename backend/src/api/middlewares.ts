import { defineMiddlewares } from "@medusajs/framework/http"
import { adminDashboardMiddlewares } from "./api/admin/dashboard/middlewares"
import { adminIncompleteOrderMiddlewares } from "./api/admin/incomplete-orders/middlewares"
import { adminLandingPageMiddlewares } from "./api/admin/landing-pages/middlewares"
import { adminMetaMiddlewares } from "./api/admin/meta/middlewares"
import { adminOrderMiddlewares } from "./api/admin/order/middlewares"
import { adminOrderGuardMiddlewares } from "./api/admin/order-guard/middlewares"
import { adminPaymentMiddlewares } from "./api/admin/payment/middlewares"
import { adminProductMiddlewares } from "./api/admin/products/middlewares"
import { adminProfitMiddlewares } from "./api/admin/profit/middlewares"
import { adminSmsMiddlewares } from "./api/admin/sms/middlewares"
import { authMiddlewares } from "./api/auth/middlewares"
import { courierWebhookMiddlewares } from "./api/courier/middlewares"
import { edgeMiddlewares } from "./api/edge/middlewares"
import { landingMiddlewares } from "./api/landing/middlewares"
import { addressMiddlewares } from "./api/shop/address/middlewares"
import { orderMiddlewares } from "./api/shop/order/middlewares"
import { phoneCheckMiddlewares } from "./api/shop/order/phone-check/middlewares"
import { shopProductMiddlewares } from "./api/shop/products/middlewares"
import { adminOrdersDoor } from "./doors/admin-orders"
import { authDoor } from "./doors/auth"
import { cartsDoor } from "./doors/carts"
import { draftOrdersDoor } from "./doors/draft-orders"
import { ordersDoor } from "./doors/orders"
import { requestsDoor } from "./doors/requests"
import { storeLimitsDoor } from "./doors/store-limits"
import { storePaymentDoor } from "./doors/store-payment"
import { storeShippingDoor } from "./doors/store-shipping"
import { uploadsDoor } from "./doors/uploads"
import { requireAdmin } from "./utils/guards"
import { refuseNul } from "./utils/no-nul"
import { refuseCrossSite } from "./utils/same-site"
import { privateWhenSignedIn } from "./utils/session"
import { shopErrorHandler } from "./utils/shop-errors"

export default defineMiddlewares({
  errorHandler: shopErrorHandler(),
  routes: [
    // A browser on another site cannot change anything (src/api/utils/same-site.ts).
    { matcher: "/api/*", middlewares: [refuseCrossSite, refuseNul, privateWhenSignedIn] },
    // Every /api/admin route: a signed-in admin user, checked before anything else.
    { matcher: "/api/admin/*", middlewares: [requireAdmin] },
    ...authMiddlewares,
    ...shopProductMiddlewares,
    ...adminProductMiddlewares,
    ...adminOrderMiddlewares,
    ...adminOrderGuardMiddlewares,
    ...adminPaymentMiddlewares,
    ...adminSmsMiddlewares,
    ...adminProfitMiddlewares,
    ...adminLandingPageMiddlewares,
    ...adminMetaMiddlewares,
    ...adminDashboardMiddlewares,
    ...adminIncompleteOrderMiddlewares,
    ...addressMiddlewares,
    ...orderMiddlewares,
    ...phoneCheckMiddlewares,
    ...landingMiddlewares,
    ...courierWebhookMiddlewares,
    ...edgeMiddlewares,
    // Medusa's own routes: the same rules (src/api/doors; how Medusa orders them: doors/shared.ts)
    ...requestsDoor,
    ...authDoor,
    // before the carts' own rules on the same routes: every attempt counts first
    ...storeLimitsDoor,
    ...cartsDoor,
    ...storeShippingDoor,
    ...storePaymentDoor,
    ...ordersDoor,
    ...uploadsDoor,
    ...draftOrdersDoor,
    ...adminOrdersDoor,
  ],
})
