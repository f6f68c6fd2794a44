import type {
  MedusaContainer,
  OrderStatus as MedusaOrderStatus,
  UpdateFulfillmentDTO,
  UpdateOrderDTO,
} from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CourierProvider, OrderStatus } from "@shop/contract"
import { unansweredBooking } from "../../modules/couriers"

type NativeStatus = Extract<MedusaOrderStatus, "pending" | "completed" | "canceled">

/**
 * What a shop status is in Medusa's own terms: the order's status, and how far
 * its delivery has gone (0 none, 2 shipped, 3 delivered; null: as it is, the
 * shop's "completed" says nothing about the parcel).
 */
function nativeTarget(status: OrderStatus): { status: NativeStatus; level: 0 | 2 | 3 | null } {
  switch (status) {
    case "cancelled":
      return { status: "canceled", level: 0 }
    case "completed":
      return { status: "completed", level: null }
    case "shipped":
      return { status: "pending", level: 2 }
    case "delivered":
      return { status: "pending", level: 3 }
    default:
      return { status: "pending", level: 0 }
  }
}

type Fulfilment = {
  id: string
  provider_id?: string | null
  shipped_at: Date | null
  delivered_at: Date | null
  canceled_at: Date | null
}
type NativeOrder = {
  id: string
  status: MedusaOrderStatus
  canceled_at: Date | string | null
  items: {
    id: string
    title: string
    quantity: unknown
    variant_sku?: string | null
    variant_barcode?: string | null
    detail?: { quantity?: unknown; fulfilled_quantity?: unknown } | null
  }[]
  shipping_address?: Record<string, unknown> | null
  fulfillments?: Fulfilment[] | null
}

type Undo = {
  order_id: string
  status: MedusaOrderStatus
  canceled_at: Date | string | null
  /** order changes confirmed here, each one order version */
  versions: number
  created?: string
  canceled?: string
  stamped?: { id: string; shipped_at: Date | null; delivered_at: Date | null }
}

const ADDRESS_FIELDS = [
  "first_name",
  "last_name",
  "company",
  "address_1",
  "address_2",
  "city",
  "province",
  "postal_code",
  "country_code",
  "phone",
]

/** Medusa's fulfilment services take `canceled_at` at run time; their update type (UpdateFulfillmentDTO) leaves it out. */
type FulfilmentPatch = UpdateFulfillmentDTO & { canceled_at?: Date | null }
const canceledAt = (canceled_at: Date | null): FulfilmentPatch => ({ canceled_at })

/**
 * Medusa's order update with the `canceled_at` its order module writes through
 * (UpdateOrderDTO leaves it out): how an order leaves `canceled`, Medusa having
 * no call for that.
 */
type OrderStatusPatch = UpdateOrderDTO & { id: string; status: MedusaOrderStatus; canceled_at: Date | string | null }
const statusPatch = (patch: OrderStatusPatch): OrderStatusPatch => patch

async function undoNative(container: MedusaContainer, undo: Undo) {
  const orders = container.resolve(Modules.ORDER)
  const fulfilments = container.resolve(Modules.FULFILLMENT)
  for (let i = 0; i < undo.versions; i++) await orders.revertLastVersion(undo.order_id)
  if (undo.stamped && undo.stamped.id !== undo.created) {
    const { id, ...stamps } = undo.stamped
    await fulfilments.updateFulfillment(id, stamps)
  }
  if (undo.created) {
    await container.resolve(ContainerRegistrationKeys.LINK).dismiss({
      [Modules.ORDER]: { order_id: undo.order_id },
      [Modules.FULFILLMENT]: { fulfillment_id: undo.created },
    })
    await fulfilments.updateFulfillment(undo.created, canceledAt(new Date()))
    await fulfilments.deleteFulfillment(undo.created)
  }
  if (undo.canceled) await fulfilments.updateFulfillment(undo.canceled, canceledAt(null))
  await orders.updateOrders([statusPatch({ id: undo.order_id, status: undo.status, canceled_at: undo.canceled_at })])
}

/**
 * Marks on the Medusa order that a courier booking went unanswered (the
 * courier may have the parcel): kept when the booking's workflow is rolled
 * back, it is what stops a blind second booking (workflows/book-courier.ts;
 * steps/booking-uncertain.ts clears it once a booking goes through).
 */
async function markUnansweredBooking(container: MedusaContainer, orderId: string, provider: CourierProvider) {
  const orders = container.resolve(Modules.ORDER)
  const [order] = await orders.listOrders({ id: orderId }, { select: ["id", "metadata"] })
  const metadata = { ...(order?.metadata ?? {}), courier_uncertain: { provider, at: new Date().toISOString() } }
  await orders.updateOrders([{ id: orderId, metadata }])
}

/**
 * Keeps the Medusa order truthful about the shop's status, for Medusa Admin's
 * own screens: `cancelled` cancels it (and un-cancels it when the shop moves
 * out of cancelled), `completed` completes it, `shipped` and `delivered` are a
 * fulfilment of every line from the warehouse, shipped and delivered. The
 * fulfilment is recorded in the fulfillment and order modules directly, not by
 * Medusa's fulfilment workflow, which would adjust inventory: the shop took the
 * units when the order was placed. A step back (delivered to shipped, shipped
 * to pending or cancelled) calls that delivery off: the fulfilment is kept as
 * canceled (Medusa has no "unship") and a new one is made when the order moves
 * on again. Compensation, or a failure half-way, restores what was there.
 */
export type NativeOrderInput = {
  order_id: string
  status: OrderStatus
  admin_id?: string
  /** Into `cancelled` keeping the units out of stock (a courier's returned parcel, restocked on receipt). */
  keep_stock?: boolean
  /** Book the delivery with this fulfilment provider (a courier) and parcel, instead of recording it by hand. */
  courier?: { provider_id: string; data: Record<string, unknown> }
}

export const syncNativeOrderStep = createStep(
  "native-order-state",
  async (input: NativeOrderInput, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "status",
        "canceled_at",
        "items.id",
        "items.title",
        "items.quantity",
        "items.variant_sku",
        "items.variant_barcode",
        "items.detail.quantity",
        "items.detail.fulfilled_quantity",
        "shipping_address.*",
        "fulfillments.id",
        "fulfillments.provider_id",
        "fulfillments.shipped_at",
        "fulfillments.delivered_at",
        "fulfillments.canceled_at",
      ],
      filters: { id: input.order_id },
    })
    const order = data[0] as NativeOrder
    const target = nativeTarget(input.status)
    const orders = container.resolve(Modules.ORDER)
    const fulfilments = container.resolve(Modules.FULFILLMENT)
    const undo: Undo = { order_id: order.id, status: order.status, canceled_at: order.canceled_at, versions: 0 }
    type Item = NativeOrder["items"][number]
    const ordered = (i: Item) => Number(i.quantity ?? i.detail?.quantity)
    const fulfilled = (i: Item) => Number(i.detail?.fulfilled_quantity ?? 0)

    try {
      let active = (order.fulfillments ?? []).find((f) => !f.canceled_at)
      const level = active ? (active.delivered_at ? 3 : active.shipped_at ? 2 : 1) : 0

      // booking a courier replaces a delivery recorded without one (a status set by hand);
      // a parcel already with a courier stays as it is (no second booking)
      const replaced = !!input.courier && !!active && active.provider_id === "manual_manual"
      if (active && ((target.level !== null && target.level < level) || replaced)) {
        await fulfilments.updateFulfillment(active.id, canceledAt(new Date()))
        undo.canceled = active.id
        const items = order.items.filter((i) => fulfilled(i) > 0).map((i) => ({ id: i.id, quantity: fulfilled(i) }))
        if (items.length) {
          await orders.cancelFulfillment({
            order_id: order.id,
            reference: Modules.FULFILLMENT,
            reference_id: active.id,
            items,
          })
          undo.versions++
        }
        active = undefined
      }

      if (target.level) {
        if (!active) {
          const [store] = await container.resolve(Modules.STORE).listStores({}, { select: ["default_location_id"] })
          const address = Object.fromEntries(ADDRESS_FIELDS.map((k) => [k, order.shipping_address?.[k] ?? null]))
          const created = await fulfilments.createFulfillment({
            location_id: store!.default_location_id!,
            // a courier's provider books the parcel here (Medusa calls its createFulfillment)
            provider_id: input.courier?.provider_id ?? "manual_manual",
            data: input.courier?.data ?? {},
            delivery_address: address,
            items: order.items.map((i) => ({
              line_item_id: i.id,
              title: i.title,
              sku: i.variant_sku ?? "",
              barcode: i.variant_barcode ?? "",
              quantity: ordered(i),
            })),
            labels: [],
            order: { id: order.id },
            packed_at: new Date(),
            created_by: input.admin_id ?? null,
            metadata: { source: "shop order status" },
          })
          undo.created = created.id
          await container.resolve(ContainerRegistrationKeys.LINK).create({
            [Modules.ORDER]: { order_id: order.id },
            [Modules.FULFILLMENT]: { fulfillment_id: created.id },
          })
          // what is not fulfilled yet (everything, after a call-off above)
          const items = order.items
            .map((i) => ({ id: i.id, quantity: ordered(i) - (undo.canceled ? 0 : fulfilled(i)) }))
            .filter((i) => i.quantity > 0)
          if (items.length) {
            await orders.registerFulfillment({
              order_id: order.id,
              reference: Modules.FULFILLMENT,
              reference_id: created.id,
              created_by: input.admin_id,
              items,
            })
            undo.versions++
          }
          active = { id: created.id, shipped_at: null, delivered_at: null, canceled_at: null }
        }
        const stamps: FulfilmentPatch = {}
        if (!active.shipped_at) stamps.shipped_at = new Date()
        if (target.level === 3 && !active.delivered_at) stamps.delivered_at = new Date()
        if (Object.keys(stamps).length) {
          undo.stamped = { id: active.id, shipped_at: active.shipped_at, delivered_at: active.delivered_at }
          await fulfilments.updateFulfillment(active.id, stamps)
        }
      }

      if (order.status !== target.status) {
        if (target.status === "canceled") await orders.cancel([order.id])
        else await orders.updateOrders([statusPatch({ id: order.id, status: target.status, canceled_at: null })])
      }
    } catch (error) {
      await undoNative(container, undo)
      const unanswered = input.courier ? unansweredBooking(input.courier.provider_id, error) : null
      if (unanswered) await markUnansweredBooking(container, order.id, unanswered)
      throw error
    }
    return new StepResponse(undefined, undo)
  },
  async (undo, { container }) => {
    if (undo) await undoNative(container, undo)
  }
)
