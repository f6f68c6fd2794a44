import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { Order, SmsMessageView } from "@shop/contract"
import { SMS_MODULE } from "../modules/sms"
import type SmsModuleService from "../modules/sms/service"
import { smsSettings } from "../modules/sms-gateway"
import { findShopOrder } from "./orders"

/** Text messages, read side: whether SMS is set up, an order's facts for its messages, the messages due. */
const messages = (container: MedusaContainer) => container.resolve<SmsModuleService>(SMS_MODULE)

/** Whether a gateway is set up (SMS_GATEWAY and its settings): without one nothing is sent. */
export const smsSetUp = () => smsSettings() !== null

/** The gateway's name for the records, or null. */
export const smsGatewayInUse = () => smsSettings()?.gateway ?? null

/** The shop's name as messages sign it: the Medusa store's name. */
async function shopName(container: MedusaContainer): Promise<string> {
  const [store] = await container.resolve(Modules.STORE).listStores({}, { take: 1, select: ["name"] })
  return store?.name?.trim() || "Shop"
}

/** An order's facts for its messages: the order as the shop reads it, the phone it was placed with, the shop's name. */
export async function smsOrderFacts(
  container: MedusaContainer,
  orderId: string
): Promise<{ order: Order; phone: string | null; shop: string } | null> {
  const order = await findShopOrder(container, orderId)
  if (!order) return null
  return { order, phone: order.guestPhone || order.addressInfo[0]?.number || null, shop: await shopName(container) }
}

export async function dueSmsIds(container: MedusaContainer, now: Date, limit: number): Promise<string[]> {
  return messages(container).dueIds(now, limit)
}

/** An order's messages, the oldest first (the admin's order dialog). */
export async function orderSmsMessages(container: MedusaContainer, orderId: string): Promise<SmsMessageView[]> {
  const rows = await messages(container).listSmsMessages({ order_id: orderId }, { order: { created_at: "ASC" } })
  const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null)
  return rows.map((row) => ({
    id: row.id,
    event: row.event,
    phone: row.phone,
    text: row.text,
    parts: row.parts,
    state: row.state,
    attempts: row.attempts,
    gateway: row.gateway ?? null,
    answer: row.answer ?? null,
    cost: row.cost_poisha === null || row.cost_poisha === undefined ? null : row.cost_poisha / 100,
    sentAt: iso(row.sent_at),
    createdAt: iso(row.created_at) ?? "",
  }))
}
