import { jsonCall, ServiceUnreachable, type JsonAnswer } from "./http"
import type { SmsSettings } from "./settings"

/**
 * The SMS gateways' HTTP APIs, each as its documentation gives the request
 * and the answer. A send ends one of three ways:
 * - sent: the gateway took the message (its id, where it gives one);
 * - refused: the gateway said no, in its own words (a bad number, a low
 *   balance, a wrong key); sending it again would not help, except later for a
 *   low balance, which the gateway's code says;
 * - unavailable: no answer in time, no connection, or a 5xx; worth trying again.
 */
export type SmsSendResult =
  | { outcome: "sent"; messageId: string | null; answer: string }
  | { outcome: "refused" | "unavailable"; code: string; answer: string; retry: boolean }

export type SmsSendRequest = {
  /** 8801XXXXXXXXX (the contract's smsNumber) */
  to: string
  text: string
  /** the shop's id of this message: the gateway's own duplicate guard where it has one (SSL's csms_id) */
  reference: string
}

const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value).trim() : "")
const said = (gateway: string, words: string) => `${gateway}: ${words.slice(0, 300)}`

async function call(
  gateway: string,
  url: string,
  body: unknown,
  timeoutMs: number
): Promise<JsonAnswer | SmsSendResult> {
  try {
    const answer = await jsonCall(url, { method: "POST", body }, timeoutMs)
    if (answer.status >= 500) {
      return {
        outcome: "unavailable",
        code: `http_${answer.status}`,
        answer: said(gateway, `HTTP ${answer.status}`),
        retry: true,
      }
    }
    return answer
  } catch (error) {
    if (!(error instanceof ServiceUnreachable)) throw error
    const words = error.timedOut ? `no answer within ${Number((timeoutMs / 1000).toFixed(1))} s` : "cannot be reached"
    return {
      outcome: "unavailable",
      code: error.timedOut ? "timeout" : "network",
      answer: said(gateway, words),
      retry: true,
    }
  }
}

const isResult = (value: JsonAnswer | SmsSendResult): value is SmsSendResult => "outcome" in value

/**
 * BulkSMSBD: POST {base}/api/smsapi with api_key, type=text, number,
 * senderid, message (a form); the answer's response_code is 202 when the
 * message was taken (with message_id), else a code and error_message (1001 a
 * bad number, 1007 the balance is low, 1002 the sender id, 1011 the user).
 * It has no reference of the shop's to recognise a message by: after an
 * answer that never came, the retry may send a second copy (a copy rather
 * than no message at all).
 */
const BULKSMSBD_LATER = new Set(["1005", "1006", "1007"])

async function bulkSmsBd(
  settings: Extract<SmsSettings, { gateway: "bulksmsbd" }>,
  request: SmsSendRequest
): Promise<SmsSendResult> {
  const form = new URLSearchParams({
    api_key: settings.apiKey,
    type: "text",
    number: request.to,
    senderid: settings.senderId,
    message: request.text,
  })
  const answer = await call("BulkSMSBD", `${settings.baseUrl}/api/smsapi`, form, settings.timeoutMs)
  if (isResult(answer)) return answer
  const code = text(answer.body.response_code)
  if (code === "202") {
    return {
      outcome: "sent",
      messageId: text(answer.body.message_id) || null,
      answer: said("BulkSMSBD", text(answer.body.success_message) || "202"),
    }
  }
  const words =
    text(answer.body.error_message) || text(answer.body.success_message) || `response code ${code || answer.status}`
  return {
    outcome: "refused",
    code: code || `http_${answer.status}`,
    answer: said("BulkSMSBD", words),
    retry: BULKSMSBD_LATER.has(code),
  }
}

/**
 * SSL Wireless SMS Plus: POST {base}/api/v3/send-sms, JSON api_token, sid,
 * msisdn, sms, csms_id (unique per message: SSL refuses a second message with
 * the same one, so a retry after a lost answer never sends twice: that
 * refusal means SSL has the message); the answer's status is "SUCCESS" with
 * smsinfo[0].reference_id, else "FAILED" with status_code and error_message.
 */
/** SSL's "Insufficient Balance" (the account is short until the merchant tops it up). */
const SSL_LATER = new Set(["4018"])

async function sslWireless(
  settings: Extract<SmsSettings, { gateway: "sslwireless" }>,
  request: SmsSendRequest
): Promise<SmsSendResult> {
  const body = {
    api_token: settings.apiToken,
    sid: settings.sid,
    msisdn: request.to,
    sms: request.text,
    // at most 20 characters of the shop's reference
    csms_id: request.reference.replace(/[^A-Za-z0-9]/g, "").slice(-20),
  }
  const answer = await call("SSL Wireless", `${settings.baseUrl}/api/v3/send-sms`, body, settings.timeoutMs)
  if (isResult(answer)) return answer
  const info = Array.isArray(answer.body.smsinfo)
    ? (answer.body.smsinfo[0] as Record<string, unknown> | undefined)
    : undefined
  if (
    text(answer.body.status).toUpperCase() === "SUCCESS" &&
    (!info || text(info.sms_status).toUpperCase() === "SUCCESS")
  ) {
    return {
      outcome: "sent",
      messageId: text(info?.reference_id) || null,
      answer: said("SSL Wireless", text(info?.status_message) || "SUCCESS"),
    }
  }
  const code = text(answer.body.status_code) || `http_${answer.status}`
  const words = text(answer.body.error_message) || text(info?.status_message) || `status ${code}`
  // this csms_id was taken before (an attempt whose answer was lost): the message is with SSL
  if (/duplicate/i.test(words)) return { outcome: "sent", messageId: null, answer: said("SSL Wireless", words) }
  // a low balance passes once the merchant tops up: tried again later; anything else is final
  const later = SSL_LATER.has(code) || /balance/i.test(words)
  return { outcome: "refused", code, answer: said("SSL Wireless", words), retry: later }
}

/**
 * Alpha SMS (sms.net.bd): POST {base}/sendsms, a form with api_key, msg, to
 * and an optional sender_id; the answer's error is 0 with data.request_id
 * when the message was taken, else an error code and msg (416 no valid
 * number, 417 the balance is low, 405 the key, 413 the sender id, 409 their
 * own fault). Like BulkSMSBD it has no reference of the shop's.
 */
const ALPHA_LATER = new Set(["409", "417"])

async function alphaSms(
  settings: Extract<SmsSettings, { gateway: "alphasms" }>,
  request: SmsSendRequest
): Promise<SmsSendResult> {
  const form = new URLSearchParams({ api_key: settings.apiKey, msg: request.text, to: request.to })
  if (settings.senderId) form.set("sender_id", settings.senderId)
  const answer = await call("Alpha SMS", `${settings.baseUrl}/sendsms`, form, settings.timeoutMs)
  if (isResult(answer)) return answer
  const code = text(answer.body.error)
  const data = (answer.body.data ?? {}) as Record<string, unknown>
  if (code === "0") {
    return {
      outcome: "sent",
      messageId: text(data.request_id) || null,
      answer: said("Alpha SMS", text(answer.body.msg) || "0"),
    }
  }
  return {
    outcome: "refused",
    code: code || `http_${answer.status}`,
    answer: said("Alpha SMS", text(answer.body.msg) || `error ${code || answer.status}`),
    retry: ALPHA_LATER.has(code),
  }
}

/** Sends one text through the gateway `settings` name. */
export function sendThroughGateway(settings: SmsSettings, request: SmsSendRequest): Promise<SmsSendResult> {
  switch (settings.gateway) {
    case "bulksmsbd":
      return bulkSmsBd(settings, request)
    case "sslwireless":
      return sslWireless(settings, request)
    case "alphasms":
      return alphaSms(settings, request)
  }
}

/**
 * What the network did with a message the gateway took: its delivery report,
 * where the gateway gives one. `final` once it will not change (delivered or
 * failed), else it is asked again later.
 */
export type SmsDelivery = { status: string; final: boolean }

/**
 * The delivery report of a message the gateway took (its id), read from the
 * gateway itself, or null when the gateway gives none or cannot say now.
 * Alpha SMS: GET {base}/report/request/{id}/?api_key=, whose
 * data.recipients[0].status reads Sent, Delivered, Failed or Pending.
 */
export async function readDelivery(settings: SmsSettings, messageId: string): Promise<SmsDelivery | null> {
  if (settings.gateway !== "alphasms") return null
  const url = `${settings.baseUrl}/report/request/${encodeURIComponent(messageId)}/?${new URLSearchParams({ api_key: settings.apiKey })}`
  let answer: JsonAnswer
  try {
    answer = await jsonCall(url, { method: "GET" }, settings.timeoutMs)
  } catch (error) {
    if (error instanceof ServiceUnreachable) return null
    throw error
  }
  if (answer.status >= 400 || text(answer.body.error) !== "0") return null
  const data = (answer.body.data ?? {}) as Record<string, unknown>
  const recipient = Array.isArray(data.recipients)
    ? (data.recipients[0] as Record<string, unknown> | undefined)
    : undefined
  const status = text(recipient?.status) || text(data.request_status)
  if (!status) return null
  return { status: status.slice(0, 40), final: /^(delivered|failed|rejected|undelivered|expired)$/i.test(status) }
}
