import {
  CHECKOUT_MESSAGES,
  deliveryAreaOf,
  isEmail,
  unitPrice,
  type CartItem,
  type CustomerOrderRequest,
  type DeliveryArea,
  type PaymentMethod,
} from "@shop/contract"

/** Guest delivery info (SPEC 3); notes optional. */
export type GuestDeliveryInfo = {
  guestName: string
  guestEmail: string
  guestPhone: string
  address: string
  city: string
  pincode: string
  notes: string
}

export const EMPTY_GUEST_INFO: GuestDeliveryInfo = {
  guestName: "",
  guestEmail: "",
  guestPhone: "",
  address: "",
  city: "",
  pincode: "",
  notes: "",
}

const REQUIRED_GUEST_FIELDS = ["guestName", "guestEmail", "guestPhone", "address", "city", "pincode"] as const

export const MESSAGES = {
  ...CHECKOUT_MESSAGES,
  noAddress: "Please select a delivery address before checkout!",
  created: "Order created successfully!",
  failed: "Failed to create order. Please try again.",
} as const

export function isValidEmail(email: string): boolean {
  return isEmail(email.trim())
}

/** The first problem of a guest checkout, or null when it can go ahead (SPEC 5). */
export function validateGuestCheckout(info: GuestDeliveryInfo, itemCount: number): string | null {
  if (itemCount === 0) return MESSAGES.emptyCart
  if (REQUIRED_GUEST_FIELDS.some((key) => info[key].trim() === "")) return MESSAGES.fillAll
  if (!isValidEmail(info.guestEmail)) return MESSAGES.badEmail
  return null
}

/** The first problem of a signed-in checkout, or null. */
export function validateCustomerCheckout(itemCount: number, addressId: string | null | undefined): string | null {
  if (itemCount === 0) return MESSAGES.emptyCart
  if (!addressId) return MESSAGES.noAddress
  return null
}

export type OrderLine = { productId: string; title: string; image: string; price: number; quantity: number }

export function orderLines(items: readonly CartItem[]): OrderLine[] {
  return items.map((item) => ({
    productId: item.productId._id,
    title: item.productId.title,
    image: item.productId.image,
    price: unitPrice(item.productId),
    quantity: item.quantity,
  }))
}

export type GuestOrderBody = {
  isGuest: true
  guestName: string
  guestEmail: string
  guestPhone: string
  landingPageSlug: string | null
  cartItems: OrderLine[]
  addressInfo: { address: string; city: string; pincode: string; number: string; notes: string }[]
  deliveryArea: DeliveryArea
  TotalAmount: number
  orderStatus: "pending"
  orderDate: string
  orderUpdateDate: string
  /** absent: cash on delivery */
  paymentMethod?: PaymentMethod
}

export type CustomerOrderBody = {
  userId: string
  /** left out while the customer has no server cart: the server takes a cart id or none, never null */
  cartId?: string
  addressInfo: { addressId: string }
  TotalAmount: number
  cartItems: OrderLine[]
  orderStatus: "pending"
  orderDate: string
  orderUpdateDate: string
  /** absent: cash on delivery */
  paymentMethod?: PaymentMethod
}

/** The guest body of create-order (SPEC 7); the server prices it again. */
export function buildGuestOrder(
  info: GuestDeliveryInfo,
  items: readonly CartItem[],
  total: number,
  now: Date,
  landingPageSlug: string | null = null
): GuestOrderBody {
  const trimmed = Object.fromEntries(
    Object.entries(info).map(([key, value]) => [key, value.trim()])
  ) as GuestDeliveryInfo
  const date = now.toISOString()
  return {
    isGuest: true,
    guestName: trimmed.guestName,
    guestEmail: trimmed.guestEmail,
    guestPhone: trimmed.guestPhone,
    landingPageSlug: landingPageSlug || null,
    cartItems: orderLines(items),
    addressInfo: [
      {
        address: trimmed.address,
        city: trimmed.city,
        pincode: trimmed.pincode,
        number: trimmed.guestPhone,
        notes: trimmed.notes,
      },
    ],
    deliveryArea: deliveryAreaOf(trimmed.city),
    TotalAmount: total,
    orderStatus: "pending",
    orderDate: date,
    orderUpdateDate: date,
  }
}

/** The signed-in body of create-order: the server cart to one of the customer's addresses. */
export function buildCustomerOrder(
  userId: string,
  cartId: string | null,
  addressId: string,
  items: readonly CartItem[],
  total: number,
  now: Date
): CustomerOrderBody {
  const date = now.toISOString()
  const body: CustomerOrderBody = {
    userId,
    ...(cartId ? { cartId } : {}),
    addressInfo: { addressId },
    TotalAmount: total,
    cartItems: orderLines(items),
    orderStatus: "pending",
    orderDate: date,
    orderUpdateDate: date,
  }
  // the contract's request: tsc fails here when the two drift
  return body satisfies CustomerOrderRequest
}

/** What a page may hand to /checkout in navigation state (a landing page, say). */
export type CheckoutPrefill = { info: Partial<GuestDeliveryInfo>; landingPageSlug: string | null }

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined
}

/** Reads name, email, phone, address (and city, pincode) and a landing page slug from navigation state. */
export function prefillFromState(state: unknown): CheckoutPrefill {
  if (!state || typeof state !== "object") return { info: {}, landingPageSlug: null }
  const s = state as Record<string, unknown>
  const entries: [keyof GuestDeliveryInfo, string | undefined][] = [
    ["guestName", text(s.guestName) ?? text(s.name)],
    ["guestEmail", text(s.guestEmail) ?? text(s.email)],
    ["guestPhone", text(s.guestPhone) ?? text(s.phone)],
    ["address", text(s.address)],
    ["city", text(s.city)],
    ["pincode", text(s.pincode)],
  ]
  const info: Partial<GuestDeliveryInfo> = {}
  for (const [key, value] of entries) if (value) info[key] = value
  const slug = text(s.landingPageSlug) ?? text(s.slug) ?? null
  return { info, landingPageSlug: slug?.trim() || null }
}
