import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  DEFAULT_SMS_TEMPLATES,
  SHOP_TIME_ZONE,
  SMS_EVENT_LABELS,
  SMS_EVENTS,
  type Order,
  type SmsDay,
  type SmsEvent,
  type SmsMessageView,
  type SmsOverview,
  type SmsTemplateView,
  maskedPhone,
  PHONE_CHECK,
  PHONE_CHECK_STATE_BN,
  type PhoneCheckView,
} from "@shop/contract"
import { SMS_MODULE, type SmsCodeRow, type SmsMessageRow } from "../modules/sms"
import type SmsModuleService from "../modules/sms/service"
import { smsPartCost, smsSettings } from "../modules/sms-gateway"
import { findShopOrder } from "./orders"

/** Text messages, read side: whether SMS is set up, an order's facts for its messages, the messages due. */
const messages = (container: MedusaContainer) => container.resolve<SmsModuleService>(SMS_MODULE)

/** Whether a gateway is set up (SMS_GATEWAY and its settings): without one nothing is sent. */
export const smsSetUp = () => smsSettings() !== null

/** The gateway's name for the records, or null. */
export const smsGatewayInUse = () => smsSettings()?.gateway ?? null

/** The shop's name as messages sign it: the Medusa store's name. */
export async function shopName(container: MedusaContainer): Promise<string> {
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

/** Sent messages whose delivery report may still change and is due to be asked for (gateways that give one). */
export async function smsAwaitingDelivery(
  container: MedusaContainer,
  now: Date,
  everySeconds: number,
  limit: number
): Promise<{ id: string; gateway_message_id: string }[]> {
  const gateway = smsGatewayInUse()
  return gateway === "alphasms" ? messages(container).awaitingDelivery(gateway, now, everySeconds, limit) : []
}

export async function dueSmsIds(container: MedusaContainer, now: Date, limit: number): Promise<string[]> {
  return messages(container).dueIds(now, limit)
}

/** Every event's template: the merchant's words where saved, else the default; switched on unless switched off. */
export async function smsTemplates(container: MedusaContainer): Promise<SmsTemplateView[]> {
  const saved = new Map((await messages(container).templateRows()).map((row) => [row.event, row]))
  return SMS_EVENTS.map((event) => {
    const row = saved.get(event)
    const custom = !!row?.text.trim()
    return {
      event,
      label: SMS_EVENT_LABELS[event],
      text: custom ? row!.text : DEFAULT_SMS_TEMPLATES[event],
      enabled: row?.enabled ?? true,
      defaultText: DEFAULT_SMS_TEMPLATES[event],
      custom,
    }
  })
}

/** The words `event` sends, or null when the merchant switched it off. */
export async function smsTemplateFor(container: MedusaContainer, event: SmsEvent): Promise<string | null> {
  const template = (await smsTemplates(container)).find((t) => t.event === event)!
  return template.enabled ? template.text : null
}

/** How many days the admin's totals cover (today and the days before). */
export const SMS_DAYS_SHOWN = 14

/** The admin's Text messages page: the gateway in use, the part cost, the templates, the last days' totals. */
export async function smsOverview(container: MedusaContainer, now = new Date()): Promise<SmsOverview> {
  const [templates, days] = await Promise.all([
    smsTemplates(container),
    messages(container).dayTotals(now, SMS_DAYS_SHOWN, SHOP_TIME_ZONE),
  ])
  return {
    gateway: smsGatewayInUse(),
    partCost: smsPartCost(),
    templates,
    days: days.map((d): SmsDay => ({
      day: d.day,
      messages: d.messages,
      sent: d.sent,
      parts: d.parts,
      cost: d.cost_poisha === null ? null : d.cost_poisha / 100,
      failed: d.failed,
    })),
  }
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null)

/** A message as the merchant sees it. */
export function smsMessageView(
  row: Pick<
    SmsMessageRow,
    | "id"
    | "event"
    | "phone"
    | "text"
    | "parts"
    | "state"
    | "attempts"
    | "gateway"
    | "answer"
    | "cost_poisha"
    | "sent_at"
    | "delivery"
    | "created_at"
  >
): SmsMessageView {
  return {
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
    delivery: row.delivery ?? null,
    createdAt: iso(row.created_at) ?? "",
  }
}

/** An order's messages, the oldest first (the admin's order dialog). */
export async function orderSmsMessages(container: MedusaContainer, orderId: string): Promise<SmsMessageView[]> {
  const rows = await messages(container).listSmsMessages({ order_id: orderId }, { order: { created_at: "ASC" } })
  return rows.map(smsMessageView)
}

/**
 * An order's phone check as the shopper's screen shows it (never the code):
 * expired when the code out ran out, spent when it did and no more codes may
 * be sent.
 */
export function phoneCheckView(row: SmsCodeRow, now = new Date()): PhoneCheckView {
  const codesLeft = row.codes < PHONE_CHECK.codesPerOrder
  const expired = new Date(row.expires_at).getTime() <= now.getTime()
  const state =
    row.state !== "waiting" ? row.state : !expired ? "waiting" : codesLeft ? ("expired" as const) : ("spent" as const)
  const phone = maskedPhone(row.phone)
  return {
    orderId: row.order_id,
    state,
    phone,
    message: PHONE_CHECK_STATE_BN[state]({ phone }),
    expiresAt: new Date(row.expires_at).toISOString(),
    resendAt: row.state === "waiting" && codesLeft ? new Date(row.resend_at).toISOString() : null,
    triesLeft: row.state === "waiting" ? Math.max(0, PHONE_CHECK.tries - row.tries) : 0,
  }
}

/** The order's phone check, or null when none was made for it. */
export async function findPhoneCheck(
  container: MedusaContainer,
  orderId: string,
  now = new Date()
): Promise<PhoneCheckView | null> {
  const row = await messages(container).checkOf(orderId)
  return row ? phoneCheckView(row, now) : null
}
