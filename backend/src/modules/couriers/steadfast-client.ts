import { courierTrackingUrl } from "@shop/contract"
import { courierCall, refused } from "./http"
import type { Parcel, ParcelRecord } from "./parcel"
import type { SteadfastSettings } from "./settings"

const COURIER = "Steadfast"

export type SteadfastPayment = { id: string; amount: number; createdAt: string }
export type SteadfastPayoutLine = {
  consignmentId: string | null
  invoice: string | null
  codAmount: number
  deliveryCharge: number
}

/** A list answer: a bare array, or one under `data` (Steadfast answers both ways across versions). */
function listOf(body: unknown): Record<string, unknown>[] {
  if (Array.isArray(body)) return body as Record<string, unknown>[]
  const data = (body as { data?: unknown })?.data
  if (Array.isArray(data)) return data as Record<string, unknown>[]
  const nested = (data as { data?: unknown })?.data
  return Array.isArray(nested) ? (nested as Record<string, unknown>[]) : []
}

/** Steadfast's merchant API (portal.packzy.com/api/v1): Api-Key and Secret-Key on every call. */
export class SteadfastClient {
  constructor(private readonly settings: SteadfastSettings) {}

  private call(method: "GET" | "POST", path: string, body?: unknown) {
    return courierCall(
      COURIER,
      `${this.settings.baseUrl}${path}`,
      { method, body, headers: { "Api-Key": this.settings.apiKey, "Secret-Key": this.settings.secretKey } },
      this.settings.timeoutMs
    )
  }

  /** The delivery status of a consignment by its invoice, or null when Steadfast has none with it. */
  async statusByInvoice(invoice: string): Promise<string | null> {
    const { status, body } = await this.call("GET", `/status_by_invoice/${encodeURIComponent(invoice)}`)
    return status === 200 && Number(body.status ?? 200) === 200 && typeof body.delivery_status === "string"
      ? body.delivery_status
      : null
  }

  /** The delivery status of a booked parcel: by consignment id, else by invoice. */
  async status(record: Pick<ParcelRecord, "consignment_id" | "invoice">): Promise<string | null> {
    if (!record.consignment_id) return this.statusByInvoice(record.invoice)
    const { status, body } = await this.call("GET", `/status_by_cid/${encodeURIComponent(record.consignment_id)}`)
    return status === 200 && typeof body.delivery_status === "string" ? body.delivery_status : null
  }

  /**
   * Steadfast's fraud check of a phone across its merchants: the delivered
   * share of its parcels and how many there were; null when Steadfast has none.
   */
  async fraudScore(phone: string): Promise<{ score: number; parcels: number } | null> {
    const { status, body } = await this.call("GET", `/fraud_check/score/${encodeURIComponent(phone)}`)
    if (status !== 200) return null
    const data = (body.data && typeof body.data === "object" ? body.data : body) as Record<string, unknown>
    const delivered = Number(data.total_delivered ?? data.success ?? data.delivered ?? NaN)
    const parcels = Number(data.total_parcels ?? data.total ?? NaN)
    if (!Number.isFinite(delivered) || !Number.isFinite(parcels) || parcels <= 0) return null
    return { score: Math.min(1, Math.max(0, delivered / parcels)), parcels }
  }

  /** Steadfast's payouts to the merchant, newest first (GET /payments), ids and amounts. */
  async payments(): Promise<SteadfastPayment[]> {
    const { status, body } = await this.call("GET", "/payments")
    if (status !== 200) throw refused(COURIER, body)
    return listOf(body).map((p) => ({
      id: String(p.id),
      amount: Number(p.amount ?? 0),
      createdAt: String(p.created_at ?? ""),
    }))
  }

  /** One payout with the consignments it settles (GET /payments/{id}). */
  async payment(id: string): Promise<SteadfastPayoutLine[]> {
    const { status, body } = await this.call("GET", `/payments/${encodeURIComponent(id)}`)
    if (status !== 200) throw refused(COURIER, body)
    const payment = (
      body.data && typeof body.data === "object" && !Array.isArray(body.data) ? body.data : body
    ) as Record<string, unknown>
    const lines = Array.isArray(payment.consignments) ? (payment.consignments as Record<string, unknown>[]) : []
    return lines.map((line) => ({
      consignmentId: line.consignment_id == null ? null : String(line.consignment_id),
      invoice: typeof line.invoice === "string" ? line.invoice : null,
      codAmount: Number(line.cod_amount ?? 0),
      deliveryCharge: Number(line.delivery_charge ?? 0),
    }))
  }

  /**
   * Books a parcel once: the invoice is looked up first, so an earlier attempt
   * whose answer was lost (a time-out) is found instead of booked twice.
   */
  async book(parcel: Parcel): Promise<ParcelRecord> {
    const now = new Date().toISOString()
    const base = {
      provider: "steadfast" as const,
      courier_name: COURIER,
      invoice: parcel.invoice,
      collected_amount: null,
      delivery_charge: null,
      on_hold: false,
      updated_at: now,
    }
    const existing = await this.statusByInvoice(parcel.invoice)
    if (existing) {
      return {
        ...base,
        consignment_id: null,
        tracking_code: null,
        tracking_url: null,
        courier_status: existing,
        booked_by: "found",
      }
    }
    const { status, body } = await this.call("POST", "/create_order", {
      invoice: parcel.invoice,
      recipient_name: parcel.recipient_name,
      recipient_phone: parcel.recipient_phone,
      recipient_address: parcel.recipient_address,
      cod_amount: parcel.cod_amount,
      note: parcel.note,
      item_description: parcel.item_description,
    })
    const consignment = body.consignment as Record<string, unknown> | undefined
    if (status !== 200 || Number(body.status ?? 200) !== 200 || !consignment || consignment.consignment_id == null) {
      throw refused(COURIER, body)
    }
    const consignmentId = String(consignment.consignment_id)
    const trackingCode = consignment.tracking_code == null ? null : String(consignment.tracking_code)
    return {
      ...base,
      consignment_id: consignmentId,
      tracking_code: trackingCode,
      tracking_url: courierTrackingUrl("steadfast", trackingCode, consignmentId),
      courier_status: typeof consignment.status === "string" ? consignment.status : "in_review",
      booked_by: "created",
    }
  }
}
