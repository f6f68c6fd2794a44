import http from "node:http"
import { FakeHttpServer } from "./fake-server"

/**
 * A small stand-in for the couriers' merchant APIs at the network edge (the
 * one place a stand-in is right): Steadfast under /steadfast/api/v1 and Pathao
 * under /pathao, following their documented requests and answers. Tests steer
 * it (a slow or failing next answer, a refusal, a status) and read what it was
 * asked.
 */

export type FakeRequest = {
  courier: "steadfast" | "pathao"
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  body: Record<string, unknown>
}

type SteadfastConsignment = {
  consignment_id: number
  invoice: string
  tracking_code: string
  status: string
  cod_amount: number
  recipient_phone: string
}
type PathaoOrder = { consignment_id: string; merchant_order_id: string; order_status: string; delivery_fee: number }

export const STEADFAST_KEYS = { apiKey: "sf-key-123", secretKey: "sf-secret-456" }
export const PATHAO_ACCOUNT = {
  clientId: "267",
  clientSecret: "pathao-secret",
  username: "merchant@example.com",
  password: "pathao-pass",
  storeId: "14401",
}

export class FakeCouriers extends FakeHttpServer {
  readonly requests: FakeRequest[] = []
  readonly steadfast = new Map<string, SteadfastConsignment>()
  readonly pathao = new Map<string, PathaoOrder>()
  /** Steadfast's payouts to the merchant, newest first, each with the consignments it settles */
  readonly payouts: {
    id: number
    amount: number
    created_at: string
    consignments: {
      consignment_id: number
      invoice: string
      tracking_code: string
      cod_amount: number
      delivery_charge: number
      status: string
    }[]
  }[] = []
  /** Steadfast's fraud check per phone: its parcels across merchants and how many were delivered */
  readonly fraud = new Map<string, { total_parcels: number; total_delivered: number; total_cancelled: number }>()
  /** the next fraud check answers after this many ms, or with this HTTP status */
  slowNextFraudMs = 0
  failNextFraudStatus = 0
  /** the next create answers after this many ms (the consignment is made at once: an answer lost on the way) */
  slowNextCreateMs = 0
  /** the next create answers this HTTP status with a server error body */
  failNextCreateStatus = 0
  /** the next create is refused (HTTP 422) with this body */
  refuseNextCreate: Record<string, unknown> | null = null
  /** the next status read (Steadfast's status_by_*, Pathao's order info) answers this HTTP status with a server error body */
  failNextStatus = 0
  private nextId = 1424107
  private tokensIssued = 0

  get tokenCount() {
    return this.tokensIssued
  }

  creates(courier: "steadfast" | "pathao") {
    return this.requests.filter(
      (r) => r.courier === courier && r.method === "POST" && /\/(create_order|orders)$/.test(r.path)
    )
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const { json: body } = await this.readBody<Record<string, unknown>>(req)
    const url = new URL(req.url ?? "/", "http://fake")
    const send = (status: number, payload: unknown, delayMs = 0) =>
      setTimeout(() => {
        if (res.destroyed) return
        res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(payload))
      }, delayMs)
    if (url.pathname.startsWith("/steadfast/api/v1/")) {
      const path = url.pathname.slice("/steadfast/api/v1".length)
      this.requests.push({ courier: "steadfast", method: req.method!, path, headers: req.headers, body })
      return this.steadfastRoute(req.method!, path, req.headers, body, send)
    }
    if (url.pathname.startsWith("/pathao/")) {
      const path = url.pathname.slice("/pathao".length)
      this.requests.push({ courier: "pathao", method: req.method!, path, headers: req.headers, body })
      return this.pathaoRoute(req.method!, path, req.headers, body, send)
    }
    send(404, { message: "Not found" })
  }

  private takeStatusFault(send: (status: number, payload: unknown, delayMs?: number) => void): boolean {
    if (!this.failNextStatus) return false
    const status = this.failNextStatus
    this.failNextStatus = 0
    send(status, { message: "Server Error" })
    return true
  }

  private takeCreateFault(send: (status: number, payload: unknown, delayMs?: number) => void): boolean {
    if (this.failNextCreateStatus) {
      const status = this.failNextCreateStatus
      this.failNextCreateStatus = 0
      send(status, { message: "Server Error" })
      return true
    }
    if (this.refuseNextCreate) {
      const refusal = this.refuseNextCreate
      this.refuseNextCreate = null
      send(422, refusal)
      return true
    }
    return false
  }

  private steadfastRoute(
    method: string,
    path: string,
    headers: http.IncomingHttpHeaders,
    body: Record<string, unknown>,
    send: (status: number, payload: unknown, delayMs?: number) => void
  ) {
    if (headers["api-key"] !== STEADFAST_KEYS.apiKey || headers["secret-key"] !== STEADFAST_KEYS.secretKey) {
      return send(401, { status: 401, message: "Unauthorized." })
    }
    if (method === "POST" && path === "/create_order") {
      if (this.takeCreateFault(send)) return
      const phone = String(body.recipient_phone ?? "")
      if (!/^\d{11}$/.test(phone))
        return send(422, { status: 400, errors: { recipient_phone: ["The recipient phone must be 11 digits."] } })
      const invoice = String(body.invoice ?? "")
      if (this.steadfast.has(invoice))
        return send(422, { status: 400, errors: { invoice: ["The invoice has already been taken."] } })
      const consignment = {
        consignment_id: this.nextId++,
        invoice,
        tracking_code: `15BAEB${this.nextId.toString(16).toUpperCase()}`,
        status: "in_review",
        cod_amount: Number(body.cod_amount),
        recipient_phone: phone,
      }
      this.steadfast.set(invoice, consignment)
      const delay = this.slowNextCreateMs
      this.slowNextCreateMs = 0
      return send(
        200,
        {
          status: 200,
          message: "Consignment has been created successfully.",
          consignment: {
            ...consignment,
            recipient_name: body.recipient_name,
            recipient_address: body.recipient_address,
            note: body.note,
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          },
        },
        delay
      )
    }
    const fraud = /^\/fraud_check\/score\/(\d+)$/.exec(path)
    if (method === "GET" && fraud) {
      if (this.failNextFraudStatus) {
        const status = this.failNextFraudStatus
        this.failNextFraudStatus = 0
        return send(status, { message: "Server Error" })
      }
      const delay = this.slowNextFraudMs
      this.slowNextFraudMs = 0
      const found = this.fraud.get(fraud[1]!) ?? { total_parcels: 0, total_delivered: 0, total_cancelled: 0 }
      return send(200, { status: 200, data: found }, delay)
    }
    if (method === "GET" && path === "/payments") {
      return send(
        200,
        this.payouts.map(({ consignments: _lines, ...payout }) => ({ ...payout, status: "paid" }))
      )
    }
    const payout = /^\/payments\/(\d+)$/.exec(path)
    if (method === "GET" && payout) {
      const found = this.payouts.find((p) => String(p.id) === payout[1])
      return found
        ? send(200, { data: { ...found, status: "paid" } })
        : send(404, { status: 404, message: "Payment not found." })
    }
    // its three status reads answer the delivery status only: no amounts (those come with a payout)
    const byInvoice = /^\/status_by_invoice\/(.+)$/.exec(path)
    const byCid = /^\/status_by_cid\/(\d+)$/.exec(path)
    const byTrackingCode = /^\/status_by_trackingcode\/(.+)$/.exec(path)
    if (method === "GET" && (byInvoice || byCid || byTrackingCode)) {
      if (this.takeStatusFault(send)) return
      const found = byInvoice
        ? this.steadfast.get(decodeURIComponent(byInvoice[1]!))
        : byCid
          ? [...this.steadfast.values()].find((c) => String(c.consignment_id) === byCid[1])
          : [...this.steadfast.values()].find((c) => c.tracking_code === decodeURIComponent(byTrackingCode![1]!))
      return found
        ? send(200, { status: 200, delivery_status: found.status })
        : send(404, { status: 404, message: "Consignment not found." })
    }
    send(404, { message: "Not found" })
  }

  private pathaoRoute(
    method: string,
    path: string,
    headers: http.IncomingHttpHeaders,
    body: Record<string, unknown>,
    send: (status: number, payload: unknown, delayMs?: number) => void
  ) {
    if (method === "POST" && path === "/aladdin/api/v1/issue-token") {
      const ok =
        String(body.client_id) === PATHAO_ACCOUNT.clientId &&
        body.client_secret === PATHAO_ACCOUNT.clientSecret &&
        body.grant_type === "password" &&
        body.username === PATHAO_ACCOUNT.username &&
        body.password === PATHAO_ACCOUNT.password
      if (!ok) return send(401, { message: "The user credentials were incorrect.", type: "error", code: 401 })
      this.tokensIssued += 1
      return send(200, {
        token_type: "Bearer",
        expires_in: 432000,
        access_token: `pathao-token-${this.tokensIssued}`,
        refresh_token: "refresh",
      })
    }
    if (!/^Bearer pathao-token-\d+$/.test(String(headers.authorization ?? ""))) {
      return send(401, { message: "Unauthenticated.", type: "error", code: 401 })
    }
    if (method === "POST" && path === "/aladdin/api/v1/orders") {
      if (this.takeCreateFault(send)) return
      if (String(body.store_id) !== PATHAO_ACCOUNT.storeId)
        return send(422, {
          message: "Please fix the given errors",
          type: "error",
          code: 422,
          errors: { store_id: ["The selected store id is invalid."] },
        })
      if (!/^01\d{9}$/.test(String(body.recipient_phone ?? ""))) {
        return send(422, {
          message: "Please fix the given errors",
          type: "error",
          code: 422,
          errors: { recipient_phone: ["The recipient phone format is invalid."] },
        })
      }
      const order = {
        consignment_id: `DL${this.nextId++}VS8TTJ`,
        merchant_order_id: String(body.merchant_order_id),
        order_status: "Pending",
        delivery_fee: 60,
      }
      this.pathao.set(order.consignment_id, order)
      const delay = this.slowNextCreateMs
      this.slowNextCreateMs = 0
      return send(200, { message: "Order Created Successfully", type: "success", code: 200, data: order }, delay)
    }
    const info = /^\/aladdin\/api\/v1\/orders\/([^/]+)\/info$/.exec(path)
    if (method === "GET" && info) {
      if (this.takeStatusFault(send)) return
      const order = this.pathao.get(decodeURIComponent(info[1]!))
      if (!order) return send(404, { message: "Order not found", type: "error", code: 404 })
      // the documented short info: the status, no amounts (the fee is quoted when the order is created)
      const data = {
        consignment_id: order.consignment_id,
        merchant_order_id: order.merchant_order_id,
        order_status: order.order_status,
        order_status_slug: order.order_status,
        updated_at: new Date().toISOString(),
        invoice_id: null,
      }
      return send(200, { message: "Order info", type: "success", code: 200, data })
    }
    send(404, { message: "Not found" })
  }
}
