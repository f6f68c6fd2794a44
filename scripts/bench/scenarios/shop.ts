/**
 * The shop's HTTP API as the scenarios drive it outside a load run: the
 * landing page's product, reading it and setting its stock as the admin, the
 * landing COD order's body, and the checks a load run applies to each answer.
 */
import type { Product } from "@shop/contract"
import { say } from "./context"
import { SLUG } from "./settings"

export const JSON_HEADERS = { "content-type": "application/json" }

export const orderUrl = (baseUrl: string) => `${baseUrl}/api/shop/order/create-order`

async function getJson<T>(url: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const res = await fetch(url, init)
  const text = await res.text()
  let body: T
  try {
    body = JSON.parse(text) as T
  } catch {
    throw new Error(`${init?.method ?? "GET"} ${url}: ${res.status}, not JSON: ${text.slice(0, 200)}`)
  }
  return { status: res.status, body }
}

/** The id of the product the landing page SLUG sells. */
export async function landingProduct(baseUrl: string): Promise<string> {
  const landingUrl = `${baseUrl}/api/landing/${SLUG}`
  const landing = await getJson<{ success: boolean; data: { productId: { _id: string } } }>(landingUrl)
  if (landing.status !== 200 || !landing.body.success) throw new Error(`GET ${landingUrl}: ${landing.status}`)
  const productId = landing.body.data.productId._id
  say(`landing ${SLUG}: product ${productId}`)
  return productId
}

export async function readProduct(baseUrl: string, id: string): Promise<Product> {
  const { status, body } = await getJson<{ success: boolean; data: Product }>(`${baseUrl}/api/shop/products/get/${id}`)
  if (status !== 200 || !body.success) throw new Error(`GET product ${id}: ${status} ${JSON.stringify(body)}`)
  return body.data
}

/** Edits a product through the admin's edit route: `changes` over the product as it is. */
export async function editProduct(
  baseUrl: string,
  cookie: string,
  id: string,
  changes: Partial<Pick<Product, "image" | "stock">>
): Promise<void> {
  const p = await readProduct(baseUrl, id)
  const { status, body } = await getJson<{ success: boolean; data: Product }>(
    `${baseUrl}/api/admin/products/edit-product/${id}`,
    {
      method: "PUT",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({
        image: p.image,
        title: p.title,
        description: p.description,
        category: p.category,
        brand: p.brand,
        price: p.price,
        saleprice: p.saleprice,
        discount: p.discount ?? 0,
        stock: p.stock,
        ...changes,
      }),
    }
  )
  if (status !== 200 || !body.success)
    throw new Error(`PUT edit-product ${id} (${JSON.stringify(changes)}): ${status} ${JSON.stringify(body)}`)
}

/** Sets a product's stock through the admin's edit route (the product otherwise as it is), and checks it took. */
export async function setStock(baseUrl: string, cookie: string, id: string, stock: number): Promise<void> {
  await editProduct(baseUrl, cookie, id, { stock })
  const after = await readProduct(baseUrl, id)
  if (after.stock !== stock) throw new Error(`stock of ${id} is ${after.stock} after setting it to ${stock}`)
}

/** One landing COD order of one unit, always the same phone (the flash sale's; the order load gives each its own). */
export function orderBody(productId: string): string {
  return JSON.stringify({
    isGuest: true,
    guestName: "Bench",
    guestPhone: "01712345678",
    guestEmail: "",
    landingPageSlug: SLUG,
    deliveryArea: "dhaka",
    cartItems: [{ productId, quantity: 1 }],
    addressInfo: [{ address: "House 1, Road 2", city: "Dhaka" }],
  })
}

export const isSuccess = (body: string) => {
  try {
    return JSON.parse(body).success === true
  } catch {
    return false
  }
}

/** A listing with at least one product: an empty one would be fast and wrong. */
export const isListing = (body: string) => {
  try {
    const b = JSON.parse(body)
    return b.success === true && Array.isArray(b.products) && b.products.length > 0
  } catch {
    return false
  }
}
