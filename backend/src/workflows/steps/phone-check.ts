import { createHmac, randomInt } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, generateEntityId, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  fillSmsTemplate,
  PHONE_CHECK,
  PHONE_CHECK_BN,
  PHONE_CODE_TEMPLATE,
  phoneCode,
  smsCount,
  smsNumber,
  type PaymentMethod,
} from "@shop/contract"
import { limits, tooManyRequests } from "../../lib/rate-limit"
import { ORDER_GUARD_MODULE } from "../../modules/order-guard"
import type OrderGuardModuleService from "../../modules/order-guard/service"
import { SMS_MODULE, type NewSmsMessage, type SmsCodeRow, type SmsCodeTry } from "../../modules/sms"
import type SmsModuleService from "../../modules/sms/service"
import { sealSmsText } from "../../modules/sms-gateway"
import { findShopOrder } from "../../read-models/orders"
import { shopName, smsSetUp } from "../../read-models/sms"

/**
 * The phone check's steps (workflows/phone-check.ts): a one-time code sent by
 * SMS releases an order the fake-order guard holds. A code is made and sealed
 * in the step that sends it and never leaves it: the check keeps its keyed
 * hash, the message its sealed text (modules/sms-gateway/seal.ts), the
 * admin and the records show it hidden.
 */

const sms = (container: MedusaContainer) => container.resolve<SmsModuleService>(SMS_MODULE)

/** The server's secret: the codes' hashes and the sealed texts are keyed with it. */
function secretOf(container: MedusaContainer): string {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  return String(config.projectConfig.http.jwtSecret ?? "")
}

const codeHash = (secret: string, checkId: string, code: string) =>
  createHmac("sha256", secret).update(`${checkId}:${code}`).digest("hex")

const newCode = () => String(randomInt(0, 10 ** PHONE_CHECK.digits)).padStart(PHONE_CHECK.digits, "0")

const HIDDEN_CODE = "•".repeat(PHONE_CHECK.digits)

/** The `n`th code's message for an order: its text with the code hidden, the real text sealed. */
async function codeMessage(
  container: MedusaContainer,
  check: { order_id: string; phone: string },
  orderNumber: string,
  code: string,
  n: number
): Promise<NewSmsMessage> {
  const filled = fillSmsTemplate(PHONE_CODE_TEMPLATE, { shop: await shopName(container), orderNumber })
  const real = filled.replace("{code}", code)
  const { encoding, parts } = smsCount(real)
  return {
    key: `${check.order_id}:phone_code:${n}`,
    order_id: check.order_id,
    event: "phone_code",
    phone: check.phone,
    text: filled.replace("{code}", HIDDEN_CODE),
    sealed: sealSmsText(real, secretOf(container)),
    encoding,
    parts,
  }
}

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000)

export type OpenPhoneCheckInput = {
  order_id: string
  order_number: string
  phone: string
  /** the guard holds the order for a call */
  held: boolean
  placed_by_staff: boolean
  payment_method: PaymentMethod
  client_address: string | null
}

/**
 * A held order's phone check with its first code, and the code's message
 * (sent after the order is answered: subscribers/order-sms.ts). None (null)
 * when the order is not held, staff placed it, it is paid by bKash (the
 * payment confirms it), SMS is not set up, the phone is not a Bangladeshi
 * mobile, or the phone or the client address had its share of messages this
 * hour: such an order waits for the call as before. Compensated by removing both.
 */
export const openPhoneCheckStep = createStep(
  "open-phone-check",
  async (input: OpenPhoneCheckInput, { container }) => {
    type Made = { message_id: string | null }
    type Undo = { check_id: string; message_id: string | null }
    const none = () => new StepResponse<Made | null, Undo | null>(null, null)
    if (!input.held || input.placed_by_staff || input.payment_method !== "cod" || !smsSetUp()) return none()
    const phone = smsNumber(input.phone)
    if (!phone) return none()
    if ((await limits.smsByPhone.take(phone)) > 0) return none()
    if (input.client_address && (await limits.phoneCodesByAddress.take(input.client_address)) > 0) return none()
    const now = new Date()
    const code = newCode()
    const id = generateEntityId(undefined, "smscode")
    const check = await sms(container).openCheck({
      id,
      order_id: input.order_id,
      phone,
      code_hash: codeHash(secretOf(container), id, code),
      expires_at: later(now, PHONE_CHECK.ttlSeconds),
      resend_at: later(now, PHONE_CHECK.resendAfterSeconds),
    })
    if (!check) return none()
    const message = await sms(container).open(await codeMessage(container, check, input.order_number, code, 1), now)
    return new StepResponse<Made | null, Undo | null>(
      { message_id: message?.id ?? null },
      { check_id: check.id, message_id: message?.id ?? null }
    )
  },
  async (made, { container }) => {
    if (!made) return
    if (made.message_id) await sms(container).deleteSmsMessages(made.message_id)
    await sms(container).deleteSmsCodes(made.check_id)
  }
)

/** Whether the guard still holds the order for a call (confirmed or cancelled since: not). */
async function stillHeld(container: MedusaContainer, orderId: string): Promise<boolean> {
  const [risk] = await container
    .resolve<OrderGuardModuleService>(ORDER_GUARD_MODULE)
    .listOrderRisks({ order_id: orderId }, { take: 1, select: ["needs_confirmation"] })
  return !!risk?.needs_confirmation
}

export type PhoneCodeTry = SmsCodeTry | { outcome: "bad_code" | "not_held"; check: SmsCodeRow | null }

/**
 * One code the shopper typed: counted against the code's tries before it is
 * compared (parallel guesses each take one), and against the client
 * address's tries (429 over PHONE_CODE_TRIES_PER_ADDRESS). What is not six
 * digits takes no try; an order no longer held (confirmed or cancelled since)
 * takes none either. Not compensated: a try counts.
 */
export const tryPhoneCodeStep = createStep(
  "try-phone-code",
  async (input: { order_id: string; code: string; client_address: string | null; now?: string }, { container }) => {
    const check = await sms(container).checkOf(input.order_id)
    if (!check) throw new MedusaError(MedusaError.Types.NOT_FOUND, PHONE_CHECK_BN.notFound)
    if (input.client_address) {
      const wait = await limits.phoneCodeTriesByAddress.take(input.client_address)
      if (wait > 0) throw tooManyRequests(PHONE_CHECK_BN.tooManyTries, Math.ceil(wait / 1000))
    }
    const code = phoneCode(input.code)
    if (!code) return new StepResponse<PhoneCodeTry>({ outcome: "bad_code", check })
    if (check.state === "waiting" && !(await stillHeld(container, input.order_id))) {
      return new StepResponse<PhoneCodeTry>({ outcome: "not_held", check })
    }
    const secret = secretOf(container)
    const now = input.now ? new Date(input.now) : new Date()
    const tried = await sms(container).tryCode(
      input.order_id,
      (id) => codeHash(secret, id, code),
      now,
      PHONE_CHECK.tries
    )
    return new StepResponse<PhoneCodeTry>(tried)
  }
)

/**
 * A new code for a held order's check, and its message: refused while the
 * code out is younger than PHONE_CHECK.resendAfterSeconds (429 with the
 * seconds to wait), after the last code, on a verified or locked check, or
 * when the phone or the client address had its share of messages this hour.
 * Compensated by putting the check back and removing the message.
 */
export const renewPhoneCodeStep = createStep(
  "renew-phone-code",
  async (input: { order_id: string; client_address: string | null; now?: string }, { container }) => {
    const before = await sms(container).checkOf(input.order_id)
    if (!before) throw new MedusaError(MedusaError.Types.NOT_FOUND, PHONE_CHECK_BN.notFound)
    if (before.state === "verified") throw new MedusaError(MedusaError.Types.CONFLICT, PHONE_CHECK_BN.verified)
    if (before.state === "locked") throw tooManyRequests(PHONE_CHECK_BN.locked)
    if (before.codes >= PHONE_CHECK.codesPerOrder) throw tooManyRequests(PHONE_CHECK_BN.spent)
    const now = input.now ? new Date(input.now) : new Date()
    const wait = Math.ceil((new Date(before.resend_at).getTime() - now.getTime()) / 1000)
    if (wait > 0) throw tooManyRequests(PHONE_CHECK_BN.tooSoon(wait), wait)
    if (!(await stillHeld(container, input.order_id))) {
      throw new MedusaError(MedusaError.Types.CONFLICT, PHONE_CHECK_BN.notHeld)
    }
    if ((await limits.smsByPhone.take(before.phone)) > 0) throw tooManyRequests(PHONE_CHECK_BN.tooMany)
    if (input.client_address && (await limits.phoneCodesByAddress.take(input.client_address)) > 0) {
      throw tooManyRequests(PHONE_CHECK_BN.tooMany)
    }
    const code = newCode()
    const renewed = await sms(container).renewCode(input.order_id, {
      code_hash: codeHash(secretOf(container), before.id, code),
      now,
      expires_at: later(now, PHONE_CHECK.ttlSeconds),
      resend_at: later(now, PHONE_CHECK.resendAfterSeconds),
      max_codes: PHONE_CHECK.codesPerOrder,
    })
    // another request renewed it a moment ago
    if (!renewed) throw tooManyRequests(PHONE_CHECK_BN.tooSoon(PHONE_CHECK.resendAfterSeconds))
    const orderNumber = await orderNumberOf(container, input.order_id)
    const message = await sms(container).open(
      await codeMessage(container, renewed, orderNumber, code, renewed.codes),
      now
    )
    return new StepResponse(
      { check: renewed, message_id: message?.id ?? null },
      { before, message_id: message?.id ?? null }
    )
  },
  async (undo, { container }) => {
    if (!undo) return
    if (undo.message_id) await sms(container).deleteSmsMessages(undo.message_id)
    await sms(container).restoreCheck(undo.before)
  }
)

/** The shop's number of an order (its messages name it). */
async function orderNumberOf(container: MedusaContainer, orderId: string): Promise<string> {
  return (await findShopOrder(container, orderId))?.orderNumber ?? ""
}
