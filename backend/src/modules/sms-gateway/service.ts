import type { ProviderSendNotificationDTO, ProviderSendNotificationResultsDTO } from "@medusajs/framework/types"
import { AbstractNotificationProviderService, MedusaError } from "@medusajs/framework/utils"
import { sendThroughGateway, type SmsSendResult } from "./gateways"
import { openSmsText } from "./seal"
import { smsSettings } from "./settings"

/** What a refused or failed send says, as the message of the error the notification module records (smsFailure reads it). */
export type SmsFailure = Extract<SmsSendResult, { outcome: "refused" | "unavailable" }>

const FAILURE_MARK = "sms-failure:"

/** The failure a send threw, from the notification module's error (it wraps the provider's message); null for any other error. */
export function smsFailure(error: unknown): SmsFailure | null {
  const message = (error as { message?: unknown })?.message
  if (typeof message !== "string") return null
  const at = message.indexOf(FAILURE_MARK)
  if (at < 0) return null
  try {
    return JSON.parse(message.slice(at + FAILURE_MARK.length)) as SmsFailure
  } catch {
    return null
  }
}

/**
 * Medusa's notification provider for the `sms` channel: sends the
 * notification's `data.text` (or its `data.sealed` text, opened with the
 * secret the provider is configured with: seal.ts) to `to` (8801XXXXXXXXX)
 * through the gateway the environment names (settings.ts), and answers the
 * gateway's message id. A
 * refusal or an unreachable gateway throws, so the notification is recorded as
 * failed; its message carries the gateway's own words (smsFailure).
 */
export default class SmsNotificationProvider extends AbstractNotificationProviderService {
  static identifier = "sms"

  private readonly secret: string

  constructor(_container: unknown, options: { secret?: string } = {}) {
    super()
    this.secret = options.secret ?? ""
  }

  async send(notification: ProviderSendNotificationDTO): Promise<ProviderSendNotificationResultsDTO> {
    const settings = smsSettings()
    const sealed = notification.data?.sealed
    const text = typeof sealed === "string" ? openSmsText(sealed, this.secret) : notification.data?.text
    if (!settings) {
      const failure: SmsFailure = { outcome: "refused", code: "not_set_up", answer: "SMS is not set up", retry: false }
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, FAILURE_MARK + JSON.stringify(failure))
    }
    if (typeof text !== "string" || !text.trim() || !/^8801[3-9]\d{8}$/.test(notification.to)) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "An SMS needs a text and a Bangladeshi mobile number")
    }
    // the notification's id: one message, one reference at the gateway
    const reference = String(notification.data?.reference ?? notification.to)
    const result = await sendThroughGateway(settings, { to: notification.to, text, reference })
    if (result.outcome !== "sent") {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, FAILURE_MARK + JSON.stringify(result))
    }
    return { id: result.messageId ?? undefined }
  }
}
