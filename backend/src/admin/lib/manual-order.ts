import {
  DELIVERY_CHARGE,
  deliveryAreaOf,
  NO_PHONE_IN_TEXT,
  normalizeBdPhone,
  NOT_A_BD_MOBILE,
  readChatOrder,
  STOCK_MESSAGES,
  unitPrice,
  type DeliveryArea,
  type ManualOrderRequest,
  type ManualOrderSource,
  type Product,
} from "@shop/contract"

/** The Add order screen's form as typed. `area` "auto": the one the address falls in. */
export type ManualForm = {
  source: ManualOrderSource
  name: string
  phone: string
  address: string
  city: string
  area: DeliveryArea | "auto"
  notes: string
  lines: { productId: string; quantity: number }[]
}

export const EMPTY_MANUAL_FORM: ManualForm = {
  source: "phone",
  name: "",
  phone: "",
  address: "",
  city: "",
  area: "auto",
  notes: "",
  lines: [{ productId: "", quantity: 1 }],
}

/**
 * The form with what a pasted chat says (the contract's readChatOrder): each
 * of phone, name and address it found replaces the field; what it did not
 * find stays as typed. The notice says what to check or type.
 */
export function fillFromChat(form: ManualForm, text: string): { form: ManualForm; notice: string | null } {
  const read = readChatOrder(text)
  const next: ManualForm = {
    ...form,
    phone: read.phone ?? (read.notMobile ? read.notMobile : form.phone),
    name: read.name ?? form.name,
    address: read.address ?? form.address,
  }
  const notice = read.phone ? null : read.notMobile ? NOT_A_BD_MOBILE : NO_PHONE_IN_TEXT
  return { form: next, notice }
}

/** The delivery area the order goes with: chosen, else the address's. */
export const areaOf = (form: ManualForm): DeliveryArea =>
  form.area === "auto" ? deliveryAreaOf([form.address, form.city].filter(Boolean).join(", ")) : form.area

/** The form's lines priced from the catalog, the area's charge and the total (the server prices the order again). */
export function manualTotals(form: ManualForm, products: Product[]) {
  const byId = new Map(products.map((p) => [p._id, p]))
  const subtotal = form.lines.reduce((sum, line) => {
    const product = byId.get(line.productId)
    return product ? sum + unitPrice(product) * line.quantity : sum
  }, 0)
  const delivery = DELIVERY_CHARGE[areaOf(form)]
  return { subtotal, delivery, total: subtotal + delivery }
}

/** What stops the form from being sent, in the server's words; null when it can go. */
export function manualOrderProblem(form: ManualForm, products: Product[]): string | null {
  if (!form.phone.trim()) return "Enter the customer's phone"
  if (!normalizeBdPhone(form.phone)) return NOT_A_BD_MOBILE
  if (!form.name.trim()) return "Enter the customer's name"
  if (!form.address.trim()) return "Enter the customer's address"
  const lines = form.lines.filter((l) => l.productId)
  if (!lines.length) return "Add at least one product"
  const byId = new Map(products.map((p) => [p._id, p]))
  for (const line of lines) {
    const product = byId.get(line.productId)
    if (!product) return "Product not found!"
    if (!Number.isInteger(line.quantity) || line.quantity < 1) return "Quantity must be at least 1"
    const wanted = lines.filter((l) => l.productId === line.productId).reduce((sum, l) => sum + l.quantity, 0)
    if (product.stock <= 0) return STOCK_MESSAGES.outOfStock(product.title)
    if (wanted > product.stock) return STOCK_MESSAGES.onlyLeft(product.stock, product.title)
  }
  return null
}

/** The request the form makes (the area left out when it follows the address: the server reads it the same way). */
export function manualOrderRequest(form: ManualForm): ManualOrderRequest {
  return {
    source: form.source,
    name: form.name.trim(),
    phone: form.phone.trim(),
    address: form.address.trim(),
    ...(form.city.trim() ? { city: form.city.trim() } : {}),
    ...(form.area !== "auto" ? { deliveryArea: form.area } : {}),
    items: form.lines.filter((l) => l.productId).map((l) => ({ productId: l.productId, quantity: l.quantity })),
    ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
  }
}
