import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listShopOrders } from "#app/read-models/orders"
import { ORDER_STATUS_LABELS_BN, isOrderStatus, orderNumberOfTrackingCode, type Order } from "@shop/contract"

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

/** A page of a few lines in Bengali: no script, no outside resource (its own CSP says so). */
function page(res: MedusaResponse, status: number, title: string, lines: string[]) {
  res
    .status(status)
    .set({
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
      "x-robots-tag": "noindex",
    })
    .send(
      `<!doctype html><html lang="bn"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>${escape(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.6}h1{font-size:1.25rem}</style>` +
        `</head><body><h1>${escape(title)}</h1>${lines.map((l) => `<p>${escape(l)}</p>`).join("")}<p><a href="/">হোমপেজ</a></p></body></html>`
    )
}

/**
 * The shop's own short tracking link (the contract's trackingCode), the one
 * the shipped message carries: to the courier's tracking page once the parcel
 * has one, else a page saying where the order is. It names no one: no name,
 * address or phone, only the number, the status and the courier.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const number = orderNumberOfTrackingCode(String(req.params.code ?? ""))
  const [order]: (Order | undefined)[] = number ? await listShopOrders(req.scope, { order_number: number }) : []
  if (!order) return page(res, 404, "অর্ডার পাওয়া যায়নি", ["এই লিংকের কোনো অর্ডার পাওয়া যায়নি।"])
  const courierLink = order.courier?.trackingUrl
  if (courierLink && /^https:\/\//.test(courierLink)) {
    res.set("cache-control", "no-store")
    return res.redirect(302, courierLink)
  }
  const status = isOrderStatus(order.orderStatus) ? ORDER_STATUS_LABELS_BN[order.orderStatus] : order.orderStatus
  page(res, 200, `অর্ডার ${order.orderNumber}`, [
    status,
    ...(order.courier?.courierName ? [`কুরিয়ার: ${order.courier.courierName}`] : []),
  ])
}
