import { z } from "@medusajs/framework/zod"
import { capped, type Holds, type Ties } from "#app/api/utils/validate"
import {
  CONFIRMATION_OUTCOMES,
  COURIER_PROVIDERS,
  DELIVERY_AREAS,
  MANUAL_ORDER_SOURCES,
  MAX_BULK_ORDERS,
  NOT_A_BD_MOBILE,
  normalizeBdPhone,
  ORDER_STATUSES,
  type AdminOrdersQuery,
  type BulkCourierBookingRequest,
  type BulkStatusRequest,
  type ManualOrderRequest,
  type PhoneViewQuery,
  type OrderExportRequest,
  type PrintOrdersRequest,
  type ConfirmationRequest,
  type CourierBookingRequest,
  type ReturnedUnitsRequest,
  type UpdateOrderStatusRequest,
} from "@shop/contract"

export const UpdateOrderStatusSchema = z.object({
  orderId: capped(64, undefined, "orderId is required").min(1, "orderId is required"),
  orderStatus: z.enum(ORDER_STATUSES, { error: `orderStatus must be one of: ${ORDER_STATUSES.join(", ")}` }),
})

export type UpdateOrderStatusBody = z.infer<typeof UpdateOrderStatusSchema>
type _StatusTied = Holds<Ties<typeof UpdateOrderStatusSchema, UpdateOrderStatusRequest>>

const whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)

/** Optional paging and search of all-orders; without them the whole list is answered. */
export const AllOrdersQuerySchema = z
  .object({
    q: capped(200, "The search is longer than 200 characters", "q must be text").optional(),
    offset: whole("offset", 0, 10_000_000).optional(),
    limit: whole("limit", 1, 200).optional(),
  })
  .strict()

export type AllOrdersQuery = z.infer<typeof AllOrdersQuerySchema>
type _AllOrdersTied = Holds<Ties<typeof AllOrdersQuerySchema, AdminOrdersQuery>>

const courierFields = {
  provider: z.enum(COURIER_PROVIDERS, { error: `provider must be one of: ${COURIER_PROVIDERS.join(", ")}` }),
  courierName: capped(60, "courierName is longer than 60 characters", "courierName must be text").optional(),
  trackingCode: capped(60, "trackingCode is longer than 60 characters", "trackingCode must be text").optional(),
  /** book again after the merchant checked that an unanswered earlier booking did not go through */
  force: z.boolean({ error: "force must be true or false" }).optional(),
}

/** manual (another courier): the merchant types the courier's name and tracking code. */
const manualNeedsNames = (body: { provider: string; courierName?: string; trackingCode?: string }) =>
  body.provider !== "manual" || (!!body.courierName?.trim() && !!body.trackingCode?.trim())
const MANUAL_MESSAGE = { message: "Type the courier's name and the tracking code" }

/** POST /api/admin/order/{orderId}/courier */
export const BookCourierSchema = z.object(courierFields).strict().refine(manualNeedsNames, MANUAL_MESSAGE)
export type BookCourierBody = z.infer<typeof BookCourierSchema>
type _BookingTied = Holds<Ties<typeof BookCourierSchema, CourierBookingRequest>>

/** POST /api/admin/order/courier: the same booking for many orders (one courier, one at a time). */
export const BookCouriersSchema = z
  .object({
    ...courierFields,
    orderIds: z
      .array(capped(64, "An order id is longer than 64 characters", "orderIds are order ids"), {
        error: "orderIds must be a list of order ids",
      })
      .min(1, "Choose at least one order")
      .max(100, "At most 100 orders at once"),
  })
  .strict()
  .refine(manualNeedsNames, MANUAL_MESSAGE)
export type BookCouriersBody = z.infer<typeof BookCouriersSchema>
type _BulkBookingTied = Holds<Ties<typeof BookCouriersSchema, BulkCourierBookingRequest>>

/** POST /api/admin/order/{orderId}/courier/returned: a partial delivery names the units that came back. */
export const ReturnedUnitsSchema = z
  .object({
    items: z
      .array(
        z
          .object({
            productId: capped(64, "A product id is longer than 64 characters", "productId must be text"),
            quantity: whole("quantity", 1, 1000),
          })
          .strict(),
        { error: "items must be a list of { productId, quantity }" }
      )
      .max(100, "At most 100 lines")
      .optional(),
  })
  .strict()
export type ReturnedUnitsBody = z.infer<typeof ReturnedUnitsSchema>
type _ReturnedTied = Holds<Ties<typeof ReturnedUnitsSchema, ReturnedUnitsRequest>>

/** POST /api/admin/order/{orderId}/confirmation */
export const ConfirmationSchema = z
  .object({
    outcome: z.enum(CONFIRMATION_OUTCOMES, { error: `outcome must be one of: ${CONFIRMATION_OUTCOMES.join(", ")}` }),
    note: capped(500, "The note is longer than 500 characters", "note must be text").optional(),
    /** with `fake`: blocklist the order's phone too */
    blocklist: z.boolean({ error: "blocklist must be true or false" }).optional(),
  })
  .strict()
export type ConfirmationBody = z.infer<typeof ConfirmationSchema>
type _ConfirmationTied = Holds<Ties<typeof ConfirmationSchema, ConfirmationRequest>>

/** The orders a bulk action takes: 1 to MAX_BULK_ORDERS order ids. */
const orderIdList = z
  .array(capped(64, "An order id is longer than 64 characters", "orderIds are order ids"), {
    error: "orderIds must be a list of order ids",
  })
  .min(1, "Choose at least one order")
  .max(MAX_BULK_ORDERS, `At most ${MAX_BULK_ORDERS} orders at once`)

/** POST /api/admin/order/print: the orders chosen, or today's. */
export const PrintOrdersSchema = z
  .object({
    orderIds: orderIdList.optional(),
    today: z.boolean({ error: "today must be true or false" }).optional(),
    reprint: z.boolean({ error: "reprint must be true or false" }).optional(),
  })
  .strict()
  .refine((body) => !!body.today !== !!body.orderIds, { message: "Choose orders, or today's orders" })
export type PrintOrdersBody = z.infer<typeof PrintOrdersSchema>
type _PrintTied = Holds<Ties<typeof PrintOrdersSchema, PrintOrdersRequest>>

/** PUT /api/admin/order/bulk-status */
export const BulkStatusSchema = z
  .object({
    orderIds: orderIdList,
    orderStatus: UpdateOrderStatusSchema.shape.orderStatus,
  })
  .strict()
export type BulkStatusBody = z.infer<typeof BulkStatusSchema>
type _BulkStatusTied = Holds<Ties<typeof BulkStatusSchema, BulkStatusRequest>>

/** POST /api/admin/order/export */
export const OrderExportSchema = z.object({ orderIds: orderIdList }).strict()
export type OrderExportBody = z.infer<typeof OrderExportSchema>
type _ExportTied = Holds<Ties<typeof OrderExportSchema, OrderExportRequest>>

const required = (max: number, what: string) =>
  capped(max, `${what} is longer than ${max} characters`, `${what} must be text`)
    .trim()
    .min(1, `Enter the customer's ${what.toLowerCase()}`)
/** A Bangladeshi mobile however typed (01..., +880..., Bengali digits), kept as typed: the workflow normalises it. */
const bdMobile = capped(30, NOT_A_BD_MOBILE, "phone must be text")
  .trim()
  .min(1, "Enter the customer's phone")
  .refine((phone) => normalizeBdPhone(phone) !== null, NOT_A_BD_MOBILE)

/** POST /api/admin/order/manual */
export const ManualOrderSchema = z
  .object({
    source: z.enum(MANUAL_ORDER_SOURCES, { error: `source must be one of: ${MANUAL_ORDER_SOURCES.join(", ")}` }),
    name: required(100, "Name"),
    phone: bdMobile,
    address: required(300, "Address"),
    city: capped(100, "City is longer than 100 characters", "city must be text").trim().optional(),
    deliveryArea: z
      .enum(DELIVERY_AREAS, { error: `deliveryArea must be one of: ${DELIVERY_AREAS.join(", ")}` })
      .optional(),
    items: z
      .array(
        z
          .object({
            productId: capped(64, "A product id is longer than 64 characters", "productId must be text").min(
              1,
              "Choose a product"
            ),
            quantity: whole("quantity", 1, 1000),
          })
          .strict(),
        { error: "items must be a list of { productId, quantity }" }
      )
      .min(1, "Add at least one product")
      .max(50, "At most 50 lines per order"),
    notes: capped(500, "The note is longer than 500 characters", "notes must be text").trim().optional(),
  })
  .strict()
export type ManualOrderBody = z.infer<typeof ManualOrderSchema>
type _ManualTied = Holds<Ties<typeof ManualOrderSchema, ManualOrderRequest>>

/** GET /api/admin/order/phone-view */
export const PhoneViewQuerySchema = z
  .object({
    phone: bdMobile,
    productIds: capped(3300, "Too many products", "productIds must be text").optional(),
  })
  .strict()
export type PhoneViewParams = z.infer<typeof PhoneViewQuerySchema>
type _PhoneViewTied = Holds<Ties<typeof PhoneViewQuerySchema, PhoneViewQuery>>
