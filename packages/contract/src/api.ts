/**
 * The /api routes' request and response shapes (SPEC.md section 3 for the
 * entities, section 7 for the routes). The backend answers them, the
 * storefront, the Medusa Admin extensions, the e2e specs and the bench read
 * them.
 */
import type { CourierInfo } from "./courier"
import type { ConfirmationLogEntry, OrderRisk } from "./guard"
import type { DashboardFigures, DashboardPeriod } from "./dashboard"
import type { DeliveryArea } from "./delivery"
import type { LandingGroups, LandingPage } from "./landing"
import type { OrderStatus, PaymentMethod } from "./orders"
import type { BrandId, CategoryId, Product, SortOption } from "./catalog"

/** Every answer: `success`, and a message to show when there is one. */
export type ApiAnswer = { success: boolean; message?: string }
/** An answer carrying `data`. */
export type DataAnswer<T> = ApiAnswer & { data: T }

// ---------------------------------------------------------------- entities

/** The signed-in person (SPEC.md section 3, "User"). */
export type User = {
  id: string
  _id: string
  username: string
  userName: string
  name: string
  email: string
  role: "admin" | "user"
}

/** One cart line: the product, the quantity and the line's own id (SPEC.md section 3, "Cart item"). */
export type CartItem = { productId: Product; quantity: number; _id: string }

/** A signed-in shopper's server cart; `_id` is null until the first item is added. */
export type Cart = { _id: string | null; items: CartItem[] }

/** The fields of an address-book entry (SPEC.md section 3, "Address"). */
export type AddressFields = { address: string; city: string; pincode: string; number: string; notes: string }
/** An order's delivery address: with the recipient's name, kept once at intake (orders placed before it have none). */
export type OrderAddress = AddressFields & { name?: string }
export type Address = AddressFields & { _id: string; userId: string }

export type OrderItem = { productId: string | null; title: string; image: string; price: number; quantity: number }

/** An order (SPEC.md section 3, "Order"). */
export type Order = {
  _id: string
  orderNumber: string
  orderDate: string
  orderUpdateDate: string
  orderStatus: OrderStatus | (string & {})
  TotalAmount: number
  isGuest: boolean
  guestName: string | null
  guestEmail: string | null
  guestPhone: string | null
  userId: { _id: string; username: string } | null
  cartId: string | null
  cartItems: OrderItem[]
  addressInfo: OrderAddress[]
  landingPageSlug: string | null
  deliveryArea: DeliveryArea | (string & {}) | null
  deliveryCharge: number
  paymentMethod: PaymentMethod
  /** The parcel, once the order is booked with a courier (issue 16); null before. */
  courier: CourierInfo | null
  /** What the fake-order guard found (issue 17): admin answers only, never a shopper's. */
  risk?: (OrderRisk & { confirmations: ConfirmationLogEntry[] }) | null
}

/** What /order-confirmation shows (SPEC.md section 3, "Order confirmation data"). */
export type OrderConfirmation = {
  orderNumber: string
  orderId: string
  customerName: string
  customerPhone: string
  customerEmail: string
  customerAddress: string
  deliveryArea: string | null
  items: OrderItem[]
  productTotal: number
  deliveryCharge: number
  totalAmount: number
}

// ---------------------------------------------------------------- auth

export type RegisterRequest = { username: string; email: string; password: string }
export type LoginRequest = { email: string; password: string }
/**
 * POST /api/auth/login, /register and GET /api/auth/check-auth. check-auth
 * for a guest: 200 with `{ success: false, user: null }`, never an error.
 */
export type AuthAnswer = ApiAnswer & { user?: User | null }

// ---------------------------------------------------------------- catalog

/** GET /api/shop/products/get's query: comma-separated filters and a sort. */
export type ProductsQuery = { category?: string; brand?: string; sortBy?: SortOption | (string & {}) }
export type ProductsAnswer = DataAnswer<Product[]>
export type ProductAnswer = DataAnswer<Product>

// ---------------------------------------------------------------- cart

export type AddToCartRequest = { userId: string; productId: string; quantity: number }
export type CartAnswer = DataAnswer<Cart>

// ---------------------------------------------------------------- addresses

export type AddAddressRequest = AddressFields & { userId: string }
export type UpdateAddressRequest = AddressFields
export type AddressAnswer = DataAnswer<Address>
export type AddressesAnswer = DataAnswer<Address[]>

// ---------------------------------------------------------------- orders

/** A line as a client sends it: the server prices it, extra fields are ignored. */
export type OrderLineRequest = { productId: string; quantity: number } & Record<string, unknown>

/** The shop checkout's guest order (SPEC.md section 5). */
export type GuestOrderRequest = {
  isGuest: true
  guestName: string
  guestPhone: string
  guestEmail: string
  landingPageSlug?: "" | null
  cartItems: OrderLineRequest[]
  addressInfo: [AddressFields | (Partial<AddressFields> & Pick<AddressFields, "address" | "city" | "pincode">)]
} & Record<string, unknown>

/** A landing page's cash-on-delivery order (SPEC.md section 3, "Guest order payload"). */
export type LandingOrderRequest = {
  isGuest: true
  landingPageSlug: string
  guestName: string
  guestPhone: string
  guestEmail?: string | null
  deliveryArea?: DeliveryArea
  cartItems: OrderLineRequest[]
  addressInfo: [{ address: string; city?: string; pincode?: string; number?: string; notes?: string }]
  /**
   * Meta ads (issue 19), both optional and never a reason to refuse an order
   * (a malformed one is dropped): the fbclid the page was opened with (at
   * most 500 of A-Z a-z 0-9 _ -), used when the _fbc cookie is missing, and
   * the page's address as the shopper saw it (http(s), at most 2000).
   */
  fbclid?: string
  eventSourceUrl?: string
} & Record<string, unknown>

/** A signed-in shopper's order from their server cart and a saved address. */
export type CustomerOrderRequest = {
  isGuest?: false
  userId: string
  cartId?: string
  addressInfo: { addressId: string }
} & Record<string, unknown>

export type CreateOrderRequest = GuestOrderRequest | LandingOrderRequest | CustomerOrderRequest
/** POST /api/shop/order/create-order. */
export type CreateOrderAnswer = DataAnswer<Order> & { confirmation: OrderConfirmation }
export type OrdersAnswer = DataAnswer<Order[]>
export type OrderAnswer = DataAnswer<Order>

// ---------------------------------------------------------------- admin

/** POST /api/admin/products/add-product and PUT .../edit-product/{id}. */
export type ProductRequest = {
  image: string
  title: string
  description: string
  category: CategoryId
  brand: BrandId
  price: number
  saleprice?: number
  stock: number
}

export type UpdateOrderStatusRequest = { orderId: string; orderStatus: OrderStatus }
/** GET /api/admin/order/all-orders: `data` is one page, `count` all that match. */
export type AdminOrdersQuery = { q?: string; offset?: number; limit?: number }
export type AdminOrdersAnswer = DataAnswer<Order[]> & { count?: number }

export type DashboardQuery = { period?: DashboardPeriod }
export type DashboardAnswer = DataAnswer<DashboardFigures>

/** An image upload's answer: where the stored file is served. */
export type UploadAnswer = ApiAnswer & { result?: { url?: string } }

/** What the landing editor sends: the groups, each field optional (the server fills defaults). */
export type LandingPageRequest = {
  title: string
  slug?: string
  productId: string
  isActive?: boolean
} & { [K in keyof LandingGroups]?: unknown }
export type LandingPageAnswer = DataAnswer<LandingPage>
export type LandingPagesAnswer = DataAnswer<LandingPage[]>
