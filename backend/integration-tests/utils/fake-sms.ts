import type http from "node:http"
import { FakeHttpServer } from "./fake-server"

/**
 * The SMS gateways the shop sends through, as their documentation gives the
 * requests and answers (backend/src/modules/sms-gateway/gateways.ts):
 *
 * - BulkSMSBD: POST /api/smsapi, a form with api_key, type=text, number,
 *   senderid, message; answers { response_code: 202, message_id,
 *   success_message } or { response_code: 1001 (bad number) | 1002 (sender
 *   id) | 1007 (balance low) | 1011 (user), error_message }.
 * - SSL Wireless SMS Plus: POST /api/v3/send-sms, JSON api_token, sid,
 *   msisdn, sms, csms_id (unique: a second message under one csms_id is
 *   refused); answers { status: "SUCCESS", status_code: 200, smsinfo: [{
 *   sms_status: "SUCCESS", reference_id, csms_id, msisdn }] } or { status:
 *   "FAILED", status_code, error_message }.
 *
 * - Alpha SMS (sms.net.bd): POST /sendsms, a form with api_key, msg, to and
 *   an optional sender_id; answers { error: 0, msg: "Request successfully
 *   submitted", data: { request_id } } or { error: 405 (key) | 416 (no valid
 *   number) | 417 (balance low), msg }. GET /report/request/{id}/?api_key=
 *   answers { error: 0, msg: "Success", data: { request_id, request_status,
 *   recipients: [{ number, charge, status }] } }, the status Sent until a test
 *   says the network delivered it (`deliver`).
 *
 * All take a Bangladeshi mobile as 8801XXXXXXXXX only. A test sets what the
 * next answer is: `balanceLow`, `down` (503s), `slowMs`.
 */
export const BULKSMSBD_KEYS = { apiKey: "bulk-test-key-123", senderId: "8809601000000" }
export const SSL_SMS_KEYS = { apiToken: "ssl-test-token-456", sid: "SHOPBRANDAPI" }
export const ALPHA_SMS_KEYS = { apiKey: "alpha-test-key-789" }

export type SentSms = {
  gateway: "bulksmsbd" | "sslwireless" | "alphasms"
  to: string
  text: string
  reference: string | null
  id: string
}

export class FakeSmsGateways extends FakeHttpServer {
  /** every message a gateway took, in order */
  readonly sent: SentSms[] = []
  /** every request a gateway got, taken or not */
  requests = 0
  /** the balance is too low for the next `balanceLow` messages */
  balanceLow = 0
  /** the next `down` requests answer 503 */
  down = 0
  /** each answer waits this long */
  slowMs = 0
  /** numbers (8801...) the gateway refuses as not valid on its network, though well formed */
  readonly badNumbers = new Set<string>()
  private seq = 0
  private readonly csmsIds = new Set<string>()
  /** Alpha SMS's delivery reports by request id (Sent until `deliver`) */
  readonly reports = new Map<string, string>()
  /** report reads answered */
  reportReads = 0

  /** The network's word on an Alpha SMS request from now on (Delivered, Failed). */
  deliver(requestId: string, status = "Delivered") {
    this.reports.set(requestId, status)
  }

  reset() {
    this.sent.length = 0
    this.requests = 0
    this.balanceLow = 0
    this.down = 0
    this.slowMs = 0
    this.csmsIds.clear()
    this.reports.clear()
    this.reportReads = 0
    this.badNumbers.clear()
  }

  /** The texts sent to one number (8801XXXXXXXXX). */
  textsTo(number: string): string[] {
    return this.sent.filter((m) => m.to === number).map((m) => m.text)
  }

  private readonly inFlight = new Set<Promise<unknown>>()

  /** Resolves once every request the fake has begun is answered (a slow answer outlives the shop's time-out). */
  async idle() {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight])
  }

  protected handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const running = this.answer(req, res)
    this.inFlight.add(running)
    void running.finally(() => this.inFlight.delete(running))
    return running
  }

  private async answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const { raw, json } = await this.readBody<Record<string, unknown>>(req)
    this.requests += 1
    if (this.slowMs) await new Promise((resolve) => setTimeout(resolve, this.slowMs))
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" })
      res.end(JSON.stringify(body))
    }
    if (this.down > 0) {
      this.down -= 1
      res.writeHead(503, { "content-type": "text/html" })
      return res.end("<h1>Service Unavailable</h1>")
    }
    const url = new URL(req.url ?? "/", "http://fake")
    // for browser tests in another process: the texts one number got (never part of a gateway's API)
    if (req.method === "GET" && url.pathname === "/__sent")
      return answer(200, this.textsTo(url.searchParams.get("to") ?? ""))
    if (req.method === "POST" && url.pathname === "/api/smsapi") return this.bulkSmsBd(new URLSearchParams(raw), answer)
    if (req.method === "POST" && url.pathname === "/api/v3/send-sms") return this.sslWireless(json, answer)
    if (req.method === "POST" && url.pathname === "/sendsms") return this.alphaSms(new URLSearchParams(raw), answer)
    const report = /^\/report\/request\/([^/]+)\/?$/.exec(url.pathname)
    if (req.method === "GET" && report) return this.alphaReport(report[1]!, url.searchParams, answer)
    return answer(404, { message: "not found" })
  }

  private bulkSmsBd(form: URLSearchParams, answer: (status: number, body: unknown) => void) {
    if (form.get("api_key") !== BULKSMSBD_KEYS.apiKey) {
      return answer(200, { response_code: 1011, error_message: "User Id not found" })
    }
    if (form.get("senderid") !== BULKSMSBD_KEYS.senderId) {
      return answer(200, { response_code: 1002, error_message: "Sender Id/Masking Not Found" })
    }
    const number = form.get("number") ?? ""
    const message = form.get("message") ?? ""
    if (form.get("type") !== "text" || !message) {
      return answer(200, { response_code: 1003, error_message: "Please Required all fields" })
    }
    if (!/^8801[3-9]\d{8}$/.test(number) || this.badNumbers.has(number)) {
      return answer(200, { response_code: 1001, error_message: "Invalid Number" })
    }
    if (this.balanceLow > 0) {
      this.balanceLow -= 1
      return answer(200, { response_code: 1007, error_message: "Balance Insufficient" })
    }
    const id = String(++this.seq)
    this.sent.push({ gateway: "bulksmsbd", to: number, text: message, reference: null, id })
    return answer(200, {
      response_code: 202,
      message_id: Number(id),
      success_message: "SMS Submitted Successfully",
      error_message: "",
    })
  }

  private sslWireless(body: Record<string, unknown>, answer: (status: number, body: unknown) => void) {
    const failed = (status_code: number, error_message: string) =>
      answer(200, { status: "FAILED", status_code, error_message })
    if (body.api_token !== SSL_SMS_KEYS.apiToken) return failed(4001, "Unauthorized")
    if (body.sid !== SSL_SMS_KEYS.sid) return failed(4003, "Invalid SID")
    const msisdn = String(body.msisdn ?? "")
    const sms = String(body.sms ?? "")
    const csmsId = String(body.csms_id ?? "")
    if (!sms || !csmsId) return failed(4002, "Required field missing")
    if (!/^8801[3-9]\d{8}$/.test(msisdn) || this.badNumbers.has(msisdn)) return failed(4025, "Invalid MSISDN")
    if (this.csmsIds.has(csmsId)) return failed(4022, "Duplicate csms_id")
    if (this.balanceLow > 0) {
      this.balanceLow -= 1
      return failed(4018, "Insufficient Balance")
    }
    this.csmsIds.add(csmsId)
    const id = `SSL${++this.seq}`
    this.sent.push({ gateway: "sslwireless", to: msisdn, text: sms, reference: csmsId, id })
    return answer(200, {
      status: "SUCCESS",
      status_code: 200,
      error_message: "",
      smsinfo: [
        {
          sms_status: "SUCCESS",
          status_message: "Success",
          msisdn,
          sms_type: "UNICODE",
          sms_body: sms,
          csms_id: csmsId,
          reference_id: id,
        },
      ],
    })
  }

  private alphaSms(form: URLSearchParams, answer: (status: number, body: unknown) => void) {
    if (form.get("api_key") !== ALPHA_SMS_KEYS.apiKey) return answer(200, { error: 405, msg: "Authorization required" })
    const to = form.get("to") ?? ""
    const msg = form.get("msg") ?? ""
    if (!msg) return answer(200, { error: 400, msg: "Message is empty" })
    if (!/^8801[3-9]\d{8}$/.test(to) || this.badNumbers.has(to)) {
      return answer(200, { error: 416, msg: "No valid number found" })
    }
    if (this.balanceLow > 0) {
      this.balanceLow -= 1
      return answer(200, { error: 417, msg: "Insufficient balance" })
    }
    const id = String(10_000 + ++this.seq)
    this.sent.push({ gateway: "alphasms", to, text: msg, reference: null, id })
    this.reports.set(id, "Sent")
    return answer(200, { error: 0, msg: "Request successfully submitted", data: { request_id: Number(id) } })
  }

  private alphaReport(id: string, query: URLSearchParams, answer: (status: number, body: unknown) => void) {
    if (query.get("api_key") !== ALPHA_SMS_KEYS.apiKey)
      return answer(200, { error: 405, msg: "Authorization required" })
    const status = this.reports.get(id)
    if (!status) return answer(200, { error: 404, msg: "The requested resource not found" })
    this.reportReads += 1
    const message = this.sent.find((m) => m.gateway === "alphasms" && m.id === id)!
    return answer(200, {
      error: 0,
      msg: "Success",
      data: {
        request_id: Number(id),
        request_status: "Complete",
        request_charge: "0.2500",
        recipients: [{ number: message.to, charge: "0.2500", status }],
      },
    })
  }
}

/** The environment that points the backend at the fake, for one gateway. */
export function smsEnv(base: string, gateway: "bulksmsbd" | "sslwireless" | "alphasms"): Record<string, string> {
  switch (gateway) {
    case "bulksmsbd":
      return {
        SMS_GATEWAY: "bulksmsbd",
        BULKSMSBD_BASE_URL: base,
        BULKSMSBD_API_KEY: BULKSMSBD_KEYS.apiKey,
        BULKSMSBD_SENDER_ID: BULKSMSBD_KEYS.senderId,
      }
    case "sslwireless":
      return {
        SMS_GATEWAY: "sslwireless",
        SSL_SMS_BASE_URL: base,
        SSL_SMS_API_TOKEN: SSL_SMS_KEYS.apiToken,
        SSL_SMS_SID: SSL_SMS_KEYS.sid,
      }
    case "alphasms":
      return { SMS_GATEWAY: "alphasms", ALPHA_SMS_BASE_URL: base, ALPHA_SMS_API_KEY: ALPHA_SMS_KEYS.apiKey }
  }
}

export const SMS_ENV = [
  "SMS_GATEWAY",
  "BULKSMSBD_BASE_URL",
  "BULKSMSBD_API_KEY",
  "BULKSMSBD_SENDER_ID",
  "SSL_SMS_BASE_URL",
  "SSL_SMS_API_TOKEN",
  "SSL_SMS_SID",
  "ALPHA_SMS_BASE_URL",
  "ALPHA_SMS_API_KEY",
  "ALPHA_SMS_SENDER_ID",
  "SMS_TIMEOUT_MS",
  "SMS_PART_COST",
]
