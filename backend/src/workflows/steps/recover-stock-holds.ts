import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { SHOP_ORDER_MODULE } from "../../modules/shop-order"
import type ShopOrderModuleService from "../../modules/shop-order/service"
import { releasedStockHolds, type ReleasedHold } from "../../read-models/stock-holds"
import { productsOfStockHolds } from "../../read-models/stock-products"

/**
 * The steps of the crash recovery sweep (workflows/recover-stock-holds.ts).
 * They are forward-only, with no compensation: each one finishes what a dead
 * process left half-way and is idempotent, so when a later one fails, what the
 * earlier ones did stays done and the next sweep (30 s on) goes on from there;
 * undoing it would hold the units of a dead order again, or bring its
 * half-made order back.
 */

/** Holds older than `grace_seconds` are released: their units go back to stock. Answers their ids. */
export const releaseStaleHoldsStep = createStep(
  "release-stale-holds",
  async (input: { grace_seconds: number }, { container }) => {
    const released = await container
      .resolve<ShopOrderModuleService>(SHOP_ORDER_MODULE)
      .releaseStaleHolds(input.grace_seconds)
    return new StepResponse(released)
  }
)

/** The products whose units these holds held, or null (all of them) when they cannot be read. Reads only. */
export const stockHoldProductsStep = createStep(
  "stock-hold-products",
  async (input: { hold_ids: string[] }, { container }) => {
    return new StepResponse(await productsOfStockHolds(container, input.hold_ids).catch(() => null))
  }
)

/** Every released hold not forgotten yet, with what its half-made order left. Reads only. */
export const releasedStockHoldsStep = createStep(
  "released-stock-holds",
  async (input: { keep_seconds: number }, { container }) => {
    return new StepResponse(await releasedStockHolds(container, input.keep_seconds))
  }
)

/**
 * The Medusa order and payment collection of released holds are removed if
 * they exist (their ids were chosen up front and kept in the hold), with a
 * guest order's own guest customer record (steps/native-guest-customer.ts).
 * Answers the orders removed.
 */
export const removeHalfMadeOrdersStep = createStep(
  "remove-half-made-orders",
  async (input: { holds: ReleasedHold[] }, { container }) => {
    const rows = input.holds
    const orders = rows.filter((r) => r.has_order).map((r) => r.id)
    const collections = rows.filter((r) => r.has_collection).map((r) => r.payment_collection_id!)
    if (orders.length || collections.length) {
      const link = container.resolve(ContainerRegistrationKeys.LINK)
      const pairs = rows.filter((r) => r.has_order && r.has_collection)
      if (pairs.length) {
        await link.dismiss(
          pairs.map((r) => ({
            [Modules.ORDER]: { order_id: r.id },
            [Modules.PAYMENT]: { payment_collection_id: r.payment_collection_id },
          }))
        )
      }
      if (collections.length) await container.resolve(Modules.PAYMENT).deletePaymentCollections(collections)
      if (orders.length) await container.resolve(Modules.ORDER).deleteOrders(orders)
      const guests = rows.map((r) => r.guest_customer_id).filter((id): id is string => !!id)
      if (guests.length) await container.resolve(Modules.CUSTOMER).deleteCustomers(guests)
    }
    return new StepResponse(orders)
  }
)

/** Released holds older than the tombstones are kept are forgotten. Answers how many. */
export const purgeReleasedHoldsStep = createStep(
  "purge-released-holds",
  async (input: { holds: ReleasedHold[] }, { container }) => {
    const expired = input.holds.filter((r) => r.expired).map((r) => r.id)
    await container.resolve<ShopOrderModuleService>(SHOP_ORDER_MODULE).purgeReleasedHolds(expired)
    return new StepResponse(expired.length)
  }
)
