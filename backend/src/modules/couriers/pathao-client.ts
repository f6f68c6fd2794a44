import { courierTrackingUrl } from "@shop/contract"
import { courierCall, refused } from "./http"
import type { Parcel, ParcelRecord } from "./parcel"
import type { PathaoSettings } from "./settings"

const COURIER = "Pathao"
/** Pathao's delivery_type 48: normal delivery; item_type 2: parcel. */
const NORMAL_DELIVERY = 48
const PARCEL = 2
/** Clothing and shoes: Pathao charges by weight bands from 0.5 kg. */
const ITEM_WEIGHT_KG = 0.5

type Token = { accessToken: string; expiresAt: number }
/** Access tokens per account (they last 5 days): one token serves every call until shortly before it ends. */
const tokens = new Map<string, Token>()

/** Pathao's merchant API (aladdin/api/v1): a bearer token issued for the merchant's client and user. */
export class PathaoClient {
  constructor(private readonly settings: PathaoSettings) {}

  private get tokenKey() {
    return `${this.settings.baseUrl}|${this.settings.clientId}|${this.settings.username}`
  }

  private async token(): Promise<string> {
    const cached = tokens.get(this.tokenKey)
    if (cached && cached.expiresAt > Date.now() + 60_000) return cached.accessToken
    const { status, body } = await courierCall(
      COURIER,
      `${this.settings.baseUrl}/aladdin/api/v1/issue-token`,
      {
        method: "POST",
        body: {
          client_id: this.settings.clientId,
          client_secret: this.settings.clientSecret,
          grant_type: "password",
          username: this.settings.username,
          password: this.settings.password,
        },
      },
      this.settings.timeoutMs
    )
    if (status !== 200 || typeof body.access_token !== "string") throw refused(COURIER, body)
    const lifetime = Number(body.expires_in)
    tokens.set(this.tokenKey, {
      accessToken: body.access_token,
      expiresAt: Date.now() + (Number.isFinite(lifetime) && lifetime > 0 ? lifetime * 1000 : 3600_000),
    })
    return body.access_token
  }

  private async call(method: "GET" | "POST", path: string, body?: unknown) {
    const token = await this.token()
    const answer = await courierCall(
      COURIER,
      `${this.settings.baseUrl}${path}`,
      { method, body, headers: { Authorization: `Bearer ${token}` } },
      this.settings.timeoutMs
    )
    if (answer.status === 401) tokens.delete(this.tokenKey)
    return answer
  }

  /** The order status of a booked parcel (`order_status`), or null when Pathao has none with its id. */
  async status(record: Pick<ParcelRecord, "consignment_id">): Promise<string | null> {
    if (!record.consignment_id) return null
    const { status, body } = await this.call(
      "GET",
      `/aladdin/api/v1/orders/${encodeURIComponent(record.consignment_id)}/info`
    )
    const data = body.data as Record<string, unknown> | undefined
    return status === 200 && typeof data?.order_status === "string" ? data.order_status : null
  }

  async book(parcel: Parcel): Promise<ParcelRecord> {
    const { status, body } = await this.call("POST", "/aladdin/api/v1/orders", {
      store_id: this.settings.storeId,
      merchant_order_id: parcel.invoice,
      recipient_name: parcel.recipient_name,
      recipient_phone: parcel.recipient_phone,
      recipient_address: parcel.recipient_address,
      delivery_type: NORMAL_DELIVERY,
      item_type: PARCEL,
      special_instruction: parcel.note,
      item_quantity: parcel.item_quantity,
      item_weight: ITEM_WEIGHT_KG,
      item_description: parcel.item_description,
      amount_to_collect: parcel.cod_amount,
    })
    const data = body.data as Record<string, unknown> | undefined
    if (status !== 200 || !data || data.consignment_id == null) throw refused(COURIER, body)
    const consignmentId = String(data.consignment_id)
    const fee = Number(data.delivery_fee)
    return {
      provider: "pathao",
      courier_name: COURIER,
      invoice: parcel.invoice,
      consignment_id: consignmentId,
      tracking_code: consignmentId,
      tracking_url: courierTrackingUrl("pathao", consignmentId, consignmentId),
      courier_status: typeof data.order_status === "string" ? data.order_status : "Pending",
      collected_amount: null,
      delivery_charge: Number.isFinite(fee) ? fee : null,
      on_hold: false,
      booked_by: "created",
      updated_at: new Date().toISOString(),
    }
  }
}
