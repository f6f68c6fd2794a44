import { z } from "@medusajs/framework/zod"
import {
  BRANDS,
  CATEGORIES,
  DASHBOARD_PERIODS,
  DEFAULT_SUPPORT_PHONE,
  EDGE_SECRET_HEADER,
  EDGE_VIEWS_LIMITS,
  EDGE_VIEWS_PATH,
  SORT_OPTIONS,
} from "@shop/contract"
import { CreateLandingPageSchema, UpdateLandingPageSchema } from "./api/admin/landing-pages/validators"
import { MetaSettingsSchema } from "./api/admin/meta/validators"
import {
  BookCourierSchema,
  BookCouriersSchema,
  BulkStatusSchema,
  ConfirmationSchema,
  ManualOrderSchema,
  OrderExportSchema,
  PrintOrdersSchema,
  ReturnedUnitsSchema,
  UpdateOrderStatusSchema,
} from "./api/admin/order/validators"
import { BlocklistSchema, GuardRulesSchema } from "./api/admin/order-guard/validators"
import { PaymentRulesSchema } from "./api/admin/payment/validators"
import { ShopProductSchema } from "./api/admin/products/validators"
import { ProductCostSchema, ProfitSettingsSchema } from "./api/admin/profit/validators"
import { SmsTemplatesSchema, SmsTestSchema } from "./api/admin/sms/validators"
import { LoginSchema, RegisterSchema } from "./api/auth/validators"
import { EdgeViewsSchema } from "./api/edge/validators"
import { LandingDraftSchema } from "./api/landing/validators"
import { AddAddressSchema, UpdateAddressSchema } from "./api/shop/address/validators"
import { PhoneCodeSchema } from "./api/shop/order/phone-check/validators"
import { CustomerOrderSchema, GuestOrderSchema, LandingOrderSchema } from "./api/shop/order/validators"
import { AddToCartSchema } from "./api/shop/products/cart-validators"

/**
 * The OpenAPI 3.1 description of the shop's /api routes, served at
 * /api/openapi.json. Request bodies are generated from the same zod schemas the
 * routes validate with; a test checks every route file is described here.
 */
type Operation = {
  method: "get" | "post" | "put" | "delete" | "patch"
  path: string
  summary: string
  tag: "auth" | "shop" | "admin" | "courier" | "edge"
  /** edge: a storefront server, proving itself with EDGE_SECRET in EDGE_SECRET_HEADER */
  auth: "none" | "customer" | "admin" | "edge"
  body?: z.ZodTypeAny
  multipart?: string
  query?: { name: string; description: string; enum?: readonly string[] }[]
}

const commaList = (values: readonly string[]) => `comma-joined values of: ${values.join(", ")}`

export const OPERATIONS: Operation[] = [
  {
    method: "post",
    path: "/api/auth/register",
    summary: "Create a customer account",
    tag: "auth",
    auth: "none",
    body: RegisterSchema,
  },
  {
    method: "post",
    path: "/api/auth/login",
    summary: "Sign in (sets the HTTP-only session cookie); 429 after repeated failures",
    tag: "auth",
    auth: "none",
    body: LoginSchema,
  },
  {
    method: "get",
    path: "/api/auth/check-auth",
    summary: "The signed-in user; no one signed in: 200 with success false and user null",
    tag: "auth",
    auth: "none",
  },
  { method: "get", path: "/api/auth/logout", summary: "End the session", tag: "auth", auth: "none" },
  {
    method: "get",
    path: "/api/shop/products/get",
    summary: "Products, filtered (OR within a key, AND across keys) and sorted",
    tag: "shop",
    auth: "none",
    query: [
      { name: "category", description: commaList(CATEGORIES) },
      { name: "brand", description: commaList(BRANDS) },
      { name: "sortBy", description: "sort order (default price-lowtohigh)", enum: SORT_OPTIONS },
    ],
  },
  { method: "get", path: "/api/shop/products/get/{id}", summary: "One product, or 404", tag: "shop", auth: "none" },
  {
    method: "get",
    path: "/api/shop/products/getcart/{userId}",
    summary: "The customer's cart",
    tag: "shop",
    auth: "customer",
  },
  {
    method: "post",
    path: "/api/shop/products/addtocart",
    summary: "Add a product to the customer's cart",
    tag: "shop",
    auth: "customer",
    body: AddToCartSchema,
  },
  {
    method: "put",
    path: "/api/shop/products/updatecart/{userId}/{productId}/{quantity}",
    summary: "Set a line's quantity (1 up to the stock)",
    tag: "shop",
    auth: "customer",
  },
  {
    method: "delete",
    path: "/api/shop/products/deletecart/{userId}/{productId}",
    summary: "Remove a product from the cart",
    tag: "shop",
    auth: "customer",
  },
  {
    method: "post",
    path: "/api/shop/address/add",
    summary: "Add an address; answers the address list",
    tag: "shop",
    auth: "customer",
    body: AddAddressSchema,
  },
  {
    method: "put",
    path: "/api/shop/address/update/{userId}/{addressId}",
    summary: "Change an address; answers the list",
    tag: "shop",
    auth: "customer",
    body: UpdateAddressSchema,
  },
  {
    method: "delete",
    path: "/api/shop/address/delete/{userId}/{addressId}",
    summary: "Delete an address; answers the list",
    tag: "shop",
    auth: "customer",
  },
  {
    method: "get",
    path: "/api/shop/address/get/{userId}",
    summary: "The customer's address list",
    tag: "shop",
    auth: "customer",
  },
  {
    method: "post",
    path: "/api/shop/order/create-order",
    summary:
      "Place an order (cash on delivery; or bKash, paymentMethod bkash_full or bkash_advance, when set up: the answer's payment says what to pay now and bKash's page): a guest's (isGuest: true), a landing page's (isGuest: true with landingPageSlug; Bengali messages, delivery 60 inside Dhaka / 120 outside) or the signed-in customer's cart; priced by the server; 409 when stock is short",
    tag: "shop",
    auth: "none",
    body: z.union([GuestOrderSchema, LandingOrderSchema, CustomerOrderSchema]),
  },
  {
    method: "get",
    path: "/api/shop/order/bkash/callback/{orderId}",
    summary:
      "Where bKash sends the shopper back (?paymentID=...&status=success|failure|cancel): a trigger, never proof; the order's own bKash payment is executed or read back from bKash, recorded once, then 303 to /payment/bkash/{orderId}?result=paid|advance_paid|failed|cancelled|pending",
    tag: "shop",
    auth: "none",
  },
  {
    method: "post",
    path: "/api/shop/order/bkash/cash/{orderId}",
    summary:
      "Pay in cash on delivery instead of bKash, for an order still waiting for bKash (after a failure or a cancel): answered as a placed order; 409 when bKash already confirmed it or it is cancelled or expired",
    tag: "shop",
    auth: "none",
  },
  {
    method: "post",
    path: "/api/shop/order/bkash/pay/{orderId}",
    summary:
      "bKash's page for an order waiting to be paid by bKash: the one made while it waits, a new one after a failure or a cancel; the amount is the order's own; 404 for an order not paid by bKash",
    tag: "shop",
    auth: "none",
  },
  {
    method: "get",
    path: "/api/shop/order/bkash/status/{orderId}",
    summary:
      "Where an order's bKash payment stands, for the page the shopper comes back to: number, method, state, amounts due now and on delivery, what bKash received and its transaction, whether it may still be paid; nothing personal; 404 for an order not paid by bKash",
    tag: "shop",
    auth: "none",
  },
  {
    method: "post",
    path: "/api/shop/order/bkash/status/{orderId}",
    summary:
      "The same after the shop asks bKash now (the shopper's 'check again'): a waiting payment is executed or read back under the order's lock, exactly as the callback does",
    tag: "shop",
    auth: "none",
  },
  {
    method: "get",
    path: "/api/shop/order/payment-options",
    summary:
      "What the order forms may offer: whether bKash is set up, which orders must pay by bKash (never, held, outside_dhaka, all) and whether the rest may choose it; the contract's paymentChoices turns it into an order's choices",
    tag: "shop",
    auth: "none",
  },
  {
    method: "get",
    path: "/api/shop/order/get-orders/{userId}",
    summary: "The customer's orders, newest first",
    tag: "shop",
    auth: "customer",
  },
  {
    method: "get",
    path: "/api/shop/order/get-order-details/{orderId}",
    summary: "One of the customer's orders (any for an admin)",
    tag: "shop",
    auth: "customer",
  },
  { method: "get", path: "/api/admin/products/get-products", summary: "Every product", tag: "admin", auth: "admin" },
  {
    method: "post",
    path: "/api/admin/products/add-product",
    summary: "Add a product",
    tag: "admin",
    auth: "admin",
    body: ShopProductSchema,
  },
  {
    method: "put",
    path: "/api/admin/products/edit-product/{id}",
    summary: "Change a product",
    tag: "admin",
    auth: "admin",
    body: ShopProductSchema,
  },
  {
    method: "delete",
    path: "/api/admin/products/delete-product/{id}",
    summary: "Delete a product (past orders keep their lines)",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "post",
    path: "/api/admin/products/upload-image",
    summary: "Upload a PNG, JPEG, WEBP or GIF of at most 5,242,880 bytes",
    tag: "admin",
    auth: "admin",
    multipart: "my_file",
  },
  {
    method: "get",
    path: "/api/admin/order/all-orders",
    summary: "Every order, newest first; with q, offset or limit one page of the search and `count`",
    tag: "admin",
    auth: "admin",
    query: [
      {
        name: "q",
        description: "search: order number, order id, guest or account name, phone, status (case-insensitive)",
      },
      { name: "offset", description: "orders to skip (default 0)" },
      { name: "limit", description: "page size, 1-200 (default 20)" },
    ],
  },
  {
    method: "get",
    path: "/api/admin/order/order-details/{orderId}",
    summary: "One order",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "put",
    path: "/api/admin/order/update-order-status",
    summary:
      "Set pending, completed, cancelled, shipped or delivered; cancelled returns stock, leaving it retakes it (409 when gone), delivered captures the COD payment",
    tag: "admin",
    auth: "admin",
    body: UpdateOrderStatusSchema,
  },
  {
    method: "get",
    path: "/api/admin/dashboard",
    summary:
      "Dashboard figures for a period in Asia/Dhaka time: delivered profit, pending amount, orders by status, today's orders, products and out of stock, unique customers, the 5 newest orders",
    tag: "admin",
    auth: "admin",
    query: [
      {
        name: "period",
        description: "today, month, year or all (default all), in the shop's time zone Asia/Dhaka",
        enum: DASHBOARD_PERIODS,
      },
    ],
  },
  {
    method: "get",
    path: "/api/admin/support",
    summary: `The customer-support phone line the admin's orders screens show: { supportPhone }, SHOP_SUPPORT_PHONE or ${DEFAULT_SUPPORT_PHONE}`,
    tag: "admin",
    auth: "admin",
  },
  {
    method: "get",
    path: "/api/admin/couriers",
    summary: "The couriers (steadfast, pathao, manual): each set up or with the environment variables it still needs",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "get",
    path: "/api/admin/couriers/cash",
    summary: "The merchant's cash with the couriers: { toCollect, collected, fees, settled, owed, parcels }, in taka",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "post",
    path: "/api/admin/couriers/steadfast/payouts",
    summary:
      "Read Steadfast's latest payouts now and record what each settles on its parcel (a job does it every COURIER_PAYOUT_HOURS); answers the counts and the cash",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "post",
    path: "/api/admin/order/{orderId}/courier",
    summary:
      "Book the order with a courier and mark it shipped (201); an order already booked answers its parcel (200) and calls no courier; 409 for a cancelled, delivered or completed order or a courier not set up; 422 the courier's refusal in its words; 502 a courier down or slow (the order unchanged)",
    tag: "admin",
    auth: "admin",
    body: BookCourierSchema,
  },
  {
    method: "post",
    path: "/api/admin/order/{orderId}/courier/returned",
    summary:
      "The merchant received units a courier brought back: a returned parcel's every unit, or a partial delivery's named units ({ items: [{ productId, quantity }] }), go back into stock; 409 when none are awaited",
    tag: "admin",
    auth: "admin",
    body: ReturnedUnitsSchema,
  },
  {
    method: "get",
    path: "/api/admin/order/to-confirm",
    summary:
      "Orders held for a confirmation call (high risk or duplicates), oldest first, each with its risk, its calls and its phone's other orders",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "post",
    path: "/api/admin/order/{orderId}/confirmation",
    summary:
      "Record a confirmation call: confirmed releases the hold, fake cancels the order (units back) and with blocklist: true blocklists its phone; no_answer and wrong_number keep it held",
    tag: "admin",
    auth: "admin",
    body: ConfirmationSchema,
  },
  {
    method: "get",
    path: "/api/admin/order-guard/rules",
    summary: "The fake-order guard's rules",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "put",
    path: "/api/admin/order-guard/rules",
    summary: "Change some of the guard's rules",
    tag: "admin",
    auth: "admin",
    body: GuardRulesSchema,
  },
  {
    method: "get",
    path: "/api/admin/payment/rules",
    summary: "The merchant's payment rules: which orders must pay by bKash, whether the rest may, the share refunded",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "put",
    path: "/api/admin/payment/rules",
    summary: "Change some of the payment rules",
    tag: "admin",
    auth: "admin",
    body: PaymentRulesSchema,
  },
  {
    method: "get",
    path: "/api/shop/order/phone-check/{orderId}",
    summary:
      "A held order's phone check (the code sent by SMS that releases it without a call): state, the phone with most digits hidden, when the code runs out, when a new one may be asked for, tries left; never the code. 404 without one",
    tag: "shop",
    auth: "none",
  },
  {
    method: "post",
    path: "/api/shop/order/phone-check/{orderId}/verify",
    summary:
      "The code the shopper typed: 200 right (the order is released and logged as confirmed by the shopper's phone; the same code again answers 200), 400 wrong with the tries left or not six digits, 410 the code ran out, 429 locked after three wrong tries or over PHONE_CODE_TRIES_PER_ADDRESS, 409 the order no longer waits",
    tag: "shop",
    auth: "none",
    body: PhoneCodeSchema,
  },
  {
    method: "post",
    path: "/api/shop/order/phone-check/{orderId}/resend",
    summary:
      "A new code by SMS: 200 with the check; 429 within 60 s of the last code (Retry-After), after the third code, when locked, or over SMS_LIMIT_PER_PHONE / PHONE_CODE_LIMIT_PER_ADDRESS; 409 verified or no longer waiting; 404 without a check",
    tag: "shop",
    auth: "none",
  },
  {
    method: "get",
    path: "/api/admin/sms",
    summary:
      "Text messages: the gateway in use (its name only), the taka a part costs, every event's template and switch, the last 14 days' totals",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "put",
    path: "/api/admin/sms/templates",
    summary:
      "Change some events' words (an empty text: the default) or switch events on or off; answers every template",
    tag: "admin",
    auth: "admin",
    body: SmsTemplatesSchema,
  },
  {
    method: "post",
    path: "/api/admin/sms/send-test",
    summary:
      "Send a test message (an event's words with a typical order's values) to a Bangladeshi mobile now: 400 without a gateway or for another number, 429 for a second test to one number within a minute",
    tag: "admin",
    auth: "admin",
    body: SmsTestSchema,
  },
  {
    method: "get",
    path: "/api/admin/profit",
    summary:
      "True profit for a period: the funnel (placed, confirmed, sent, delivered, settled), the period's figures (cash received less goods at cost, courier fees both ways, COD charges, packaging and ad spend) and each landing page's, campaign's, ad's, product's, district's and courier's; 400 for a period that cannot be read",
    tag: "admin",
    auth: "admin",
    query: [
      { name: "from", description: "first day, YYYY-MM-DD in Dhaka (default: the first of this month)" },
      { name: "to", description: "last day, YYYY-MM-DD in Dhaka (default: today); at most 366 days" },
    ],
  },
  {
    method: "get",
    path: "/api/admin/profit/export",
    summary: "The period's orders with every part of their profit, as CSV (UTF-8), streamed",
    tag: "admin",
    auth: "admin",
    query: [
      { name: "from", description: "first day, YYYY-MM-DD in Dhaka (default: the first of this month)" },
      { name: "to", description: "last day, YYYY-MM-DD in Dhaka (default: today); at most 366 days" },
    ],
  },
  {
    method: "get",
    path: "/api/admin/profit/settings",
    summary: "The packaging cost and each courier's rates where its own answers give none (the defaults until saved)",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "put",
    path: "/api/admin/profit/settings",
    summary: "Save the packaging cost and every courier's rates; 400 with the reason for one that is not a rate",
    tag: "admin",
    auth: "admin",
    body: ProfitSettingsSchema,
  },
  {
    method: "get",
    path: "/api/admin/profit/costs/{productId}",
    summary: "A product's cost price now and its history, newest first; 404 for a product that does not exist",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "put",
    path: "/api/admin/profit/costs/{productId}",
    summary: "A product's cost price from now on (orders placed before keep theirs); answers its history",
    tag: "admin",
    auth: "admin",
    body: ProductCostSchema,
  },
  {
    method: "post",
    path: "/api/admin/profit/ad-spend",
    summary:
      "Read Meta's ad spend per ad and day for the last META_ADS_DAYS now: 409 when the ad account is not set up, 429 under Meta's rate limit (nothing written), 422 when Meta refuses the token or account, 502 when Meta does not answer",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "get",
    path: "/api/admin/order-guard/blocklist",
    summary: "Blocklisted phones and client addresses, newest first",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "post",
    path: "/api/admin/order-guard/blocklist",
    summary: "Blocklist a phone or a client address with a reason; their orders are refused",
    tag: "admin",
    auth: "admin",
    body: BlocklistSchema,
  },
  {
    method: "delete",
    path: "/api/admin/order-guard/blocklist/{id}",
    summary: "Take an entry off the blocklist",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "get",
    path: "/api/admin/meta/settings",
    summary:
      "Meta ads: when the server sends Purchase (confirmed or delivered), the default pixel (META_PIXEL_ID) and whether a Conversions API token is set (never the token)",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "put",
    path: "/api/admin/meta/settings",
    summary: "Choose when the server sends Meta's Purchase: confirmed (default) or delivered",
    tag: "admin",
    auth: "admin",
    body: MetaSettingsSchema,
  },
  {
    method: "post",
    path: "/api/admin/order/courier",
    summary:
      "The same booking for up to 100 orders, one after the other: { data: [{ orderId, success, booked, data | message }] }",
    tag: "admin",
    auth: "admin",
    body: BookCouriersSchema,
  },
  {
    method: "post",
    path: "/api/admin/order/print",
    summary:
      "One PDF (application/pdf, streamed): an A4 invoice per order, then an A6 label per parcel, for the orders chosen (up to 300) or today's confirmed orders not printed yet ({ today: true }); the orders are marked printed. 409 names chosen orders printed before unless { reprint: true }; 404 when there is nothing to print",
    tag: "admin",
    auth: "admin",
    body: PrintOrdersSchema,
  },
  {
    method: "put",
    path: "/api/admin/order/bulk-status",
    summary:
      "The same status for up to 300 orders, each under the one-order rules, one after the other: { message, data: [{ orderId, success, message? }] }",
    tag: "admin",
    auth: "admin",
    body: BulkStatusSchema,
  },
  {
    method: "post",
    path: "/api/admin/order/manual",
    summary:
      "An order staff took by phone or in Messenger (201, the order with its dispatch: source and who took it), through the one order workflow: catalog prices, stock, the area's delivery charge (read from the address when not chosen), the fake-order guard; no shopper order limit. 400 for a phone that is not a Bangladeshi mobile; 404 a product that does not exist; 409 not enough stock. An Idempotency-Key makes a repeat answer the first order",
    tag: "admin",
    auth: "admin",
    body: ManualOrderSchema,
  },
  {
    method: "get",
    path: "/api/admin/order/phone-view",
    summary:
      "A phone's orders here (newest first), whether it is blocklisted, and the fake-order guard's view of an order of these products now",
    tag: "admin",
    auth: "admin",
    query: [
      { name: "phone", description: "a Bangladeshi mobile, 01XXXXXXXXX or +8801XXXXXXXXX (Bengali digits too)" },
      { name: "productIds", description: "comma-joined product ids of the order being taken" },
    ],
  },
  {
    method: "post",
    path: "/api/admin/order/export",
    summary: "The chosen orders (up to 300) as CSV (UTF-8), one row per order line",
    tag: "admin",
    auth: "admin",
    body: OrderExportSchema,
  },
  {
    method: "post",
    path: "/api/courier/steadfast/webhook",
    summary:
      "Steadfast's delivery-status webhook (Authorization: Bearer STEADFAST_WEBHOOK_TOKEN; 401 otherwise): the status is read again from Steadfast, then the order moves forward (delivered, partial, returned to cancelled, hold flagged); a notification for no parcel of this shop is ignored",
    tag: "courier",
    auth: "none",
  },
  {
    method: "post",
    path: "/api/courier/pathao/webhook",
    summary:
      "Pathao's order webhook (X-PATHAO-Signature: PATHAO_WEBHOOK_SECRET; 401 otherwise), answered 202 with X-Pathao-Merchant-Webhook-Integration-Secret; the webhook_integration handshake changes nothing; the status is read again from Pathao",
    tag: "courier",
    auth: "none",
  },
  {
    method: "get",
    path: "/api/landing/{slug}",
    summary: `A published landing page with its product; counts one view, except for a storefront server that counts its own (the valid EDGE_SECRET in ${EDGE_SECRET_HEADER}; a wrong one is counted like a shopper's read); 404 for drafts`,
    tag: "shop",
    auth: "none",
  },
  {
    method: "post",
    path: EDGE_VIEWS_PATH,
    summary: `A storefront server's batch of landing views { views: { [slug]: n } } (at most ${EDGE_VIEWS_LIMITS.slugs} slugs, 1 to ${EDGE_VIEWS_LIMITS.viewsPerSlug} each), added in one statement; slugs of no page are ignored; answers { success, counted } (the views added). 401 without ${EDGE_SECRET_HEADER}, 403 for a wrong one or while EDGE_SECRET is not set on the backend; 400 for any bad entry (nothing counted)`,
    tag: "edge",
    auth: "edge",
    body: EdgeViewsSchema,
  },
  {
    method: "post",
    path: "/api/landing/{slug}/draft",
    summary:
      "Save what a shopper has typed on a published landing page as its incomplete order for the phone (one per page and phone, updated; fields left out keep what was saved): 204 with no body; 400 for a phone that is not a Bangladeshi mobile, 404 unknown or unpublished page, 429 over DRAFT_SAVE_LIMIT_PER_ADDRESS saves a minute, DRAFT_LIMIT_PER_ADDRESS distinct phones an hour from one address or DRAFT_LIMIT_PER_PHONE saves a minute per phone and browser. The first save sets the HTTP-only shop_draft cookie; a draft is changed only by the browser holding it (any other save changes nothing and gets the same 204). sendBeacon may send it as a JSON Blob (application/json)",
    tag: "shop",
    auth: "none",
    body: LandingDraftSchema,
  },
  {
    method: "get",
    path: "/api/admin/incomplete-orders",
    summary:
      "Open incomplete orders (landing-page drafts), the shopper's latest change first, with their page (slug, title) and age: { data, count, offset, limit }",
    tag: "admin",
    auth: "admin",
    query: [
      { name: "offset", description: "drafts to skip (default 0)" },
      { name: "limit", description: "page size, 1-200 (default 50)" },
    ],
  },
  {
    method: "post",
    path: "/api/admin/incomplete-orders/{id}/convert",
    summary:
      "Turn an open draft into a cash-on-delivery order through the landing order workflow (201 with the order) and mark it converted; 400 naming a missing name or address, 404 unknown, 409 no longer open or sold out",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "get",
    path: "/api/admin/landing-pages",
    summary:
      "Every landing page, newest first, with its product and analytics (views, orders, open and recovered incomplete orders)",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "get",
    path: "/api/admin/landing-pages/{id}",
    summary: "One landing page (drafts included)",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "post",
    path: "/api/admin/landing-pages/create",
    summary: "Create a landing page (a draft unless isActive); 409 when the slug is taken",
    tag: "admin",
    auth: "admin",
    body: CreateLandingPageSchema,
  },
  {
    method: "put",
    path: "/api/admin/landing-pages/{id}",
    summary: "Change a landing page; groups merge over the stored ones",
    tag: "admin",
    auth: "admin",
    body: UpdateLandingPageSchema,
  },
  {
    method: "delete",
    path: "/api/admin/landing-pages/{id}",
    summary: "Delete a landing page (its slug becomes free)",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "patch",
    path: "/api/admin/landing-pages/{id}/toggle",
    summary: "Publish or unpublish a landing page",
    tag: "admin",
    auth: "admin",
  },
  {
    method: "post",
    path: "/api/admin/landing-pages/upload-image",
    summary: "Upload a hero or gallery image: PNG, JPEG, WEBP or GIF of at most 5,242,880 bytes",
    tag: "admin",
    auth: "admin",
    multipart: "my_file",
  },
  { method: "get", path: "/api/openapi.json", summary: "This description", tag: "shop", auth: "none" },
]

const errorResponse = {
  description: "Refused, with a message",
  content: {
    "application/json": {
      schema: {
        type: "object",
        required: ["success", "message"],
        properties: { success: { const: false }, message: { type: "string" } },
      },
    },
  },
}

function jsonSchema(schema: z.ZodTypeAny) {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >
  return rest
}

let cached: object | null = null

export function openApiDocument(): object {
  if (cached) return cached
  const paths: Record<string, Record<string, object>> = {}
  for (const op of OPERATIONS) {
    const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }))
    const query = (op.query ?? []).map((q) => ({
      name: q.name,
      in: "query",
      required: false,
      description: q.description,
      schema: q.enum ? { type: "string", enum: [...q.enum] } : { type: "string" },
    }))
    const operation: Record<string, unknown> = {
      summary: op.summary,
      tags: [op.tag],
      parameters: [...params, ...query],
      responses: {
        "200": { description: "`{ success: true, ... }`" },
        "400": errorResponse,
        ...(op.auth !== "none" ? { "401": errorResponse, "403": errorResponse } : {}),
        "404": errorResponse,
        "409": errorResponse,
      },
    }
    if (op.auth !== "none") operation.security = [op.auth === "edge" ? { edge: [] } : { session: [] }]
    if (op.body) {
      operation.requestBody = { required: true, content: { "application/json": { schema: jsonSchema(op.body) } } }
    }
    if (op.multipart) {
      operation.requestBody = {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              required: [op.multipart],
              properties: { [op.multipart]: { type: "string", format: "binary" } },
            },
          },
        },
      }
    }
    paths[op.path] = { ...(paths[op.path] ?? {}), [op.method]: operation }
  }
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Shop /api",
      version: "1.0.0",
      description:
        "The shop's REST contract. Every error answers `{ success: false, message }` with a 4xx. " +
        "Sign in with /api/auth/login; the HTTP-only session cookie authorises the rest.",
    },
    tags: [{ name: "auth" }, { name: "shop" }, { name: "admin" }, { name: "courier" }, { name: "edge" }],
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "connect.sid" },
        edge: { type: "apiKey", in: "header", name: EDGE_SECRET_HEADER },
      },
    },
    paths,
  }
  return cached
}
