/**
 * The /api routes' request and response shapes (SPEC.md section 3 for the
 * entities, section 7 for the routes). The backend answers them, the
 * storefront, the Medusa Admin extensions, the e2e specs and the bench read
 * them.
 */
import type { ApiAnswer, DataAnswer, MessageAnswer } from "./answer"
import type { BrandId, CategoryId, Product, SortOption } from "./catalog"
import type { CourierInfo } from "./courier"
import type { DashboardFigures, DashboardPeriod } from "./dashboard"
import type { DeliveryArea } from "./delivery"
import type { WithDispatch } from "./dispatch"
import type { ConfirmationLogEntry, HeldOrderPhoneOrder, OrderRisk } from "./guard"
import type {
  Benefit,
  Gallery,
  Hero,
  LandingPage,
  OrderForm,
  OrderFormField,
  Styling,
  Testimonial,
  TrustBadges,
  Urgency,
} from "./landing"
import type { LandingPageListItem, WithMetaPurchase } from "./meta"
import type { OrderStatus } from "./orders"
import type { BkashOutcome, OrderBkash, OrderPayment, PaymentMethod } from "./payment"
import type { PhoneCheckView } from "./phone-check"
import type { WithPictures } from "./pictures"
import type { WithSms } from "./sms"

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
  /** An order paid by bKash: where its payment stands (absent for cash on delivery). */
  bkash?: OrderBkash
  /** The parcel, once the order is booked with a courier; null before. */
  courier: CourierInfo | null
  /** What the fake-order guard found: admin answers only, never a shopper's. */
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
  /** an order the guard holds for a call that a code sent by SMS can release instead */
  phoneCheck?: PhoneCheckView
}

// ---------------------------------------------------------------- auth

export type RegisterRequest = { username: string; email: string; password: string }
export type LoginRequest = { email: string; password: string }
/**
 * POST /api/auth/login, /register and GET /api/auth/check-auth. check-auth
 * for a guest: 200 with `{ success: false, user: null }`, never an error.
 * GET /api/auth/logout answers a MessageAnswer.
 */
export type AuthAnswer = ApiAnswer & { user?: User | null }

// ---------------------------------------------------------------- catalog

/** GET /api/shop/products/get's query: comma-separated filters and a sort. */
export type ProductsQuery = { category?: string; brand?: string; sortBy?: SortOption | (string & {}) }
/**
 * GET /api/shop/products/get and /api/admin/products/get-products: the list
 * comes under `products`, not `data` (SPEC.md section 7 fixes it so).
 */
export type ProductsAnswer = ApiAnswer & { products: Product[] } & WithPictures
/** GET /api/shop/products/get/{id} (with the product's picture), and the admin's add-product and edit-product. */
export type ProductAnswer = DataAnswer<Product> & WithPictures

// ---------------------------------------------------------------- cart

export type AddToCartRequest = { userId: string; productId: string; quantity: number }
/** Every cart route (get, add, update, delete) answers the whole cart, with its products' pictures. */
export type CartAnswer = DataAnswer<Cart> & WithPictures

// ---------------------------------------------------------------- addresses

export type AddAddressRequest = AddressFields & { userId: string }
export type UpdateAddressRequest = AddressFields
/** Every address route (get, add, update, delete) answers the whole address book. */
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
  /** cash on delivery when left out; bKash only when the shop has it set up */
  paymentMethod?: PaymentMethod
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
   * Meta ads' tracking, both optional and never a reason to refuse an order
   * (a malformed one is dropped): the fbclid the page was opened with (at
   * most 500 of A-Z a-z 0-9 _ -), used when the _fbc cookie is missing, and
   * the page's address as the shopper saw it (http(s), at most 2000).
   */
  fbclid?: string
  eventSourceUrl?: string
  /** cash on delivery when left out; bKash only when the shop has it set up */
  paymentMethod?: PaymentMethod
} & Record<string, unknown>

/** A signed-in shopper's order from their server cart and a saved address. */
export type CustomerOrderRequest = {
  isGuest?: false
  userId: string
  cartId?: string
  addressInfo: { addressId: string }
  /** cash on delivery when left out; bKash only when the shop has it set up */
  paymentMethod?: PaymentMethod
} & Record<string, unknown>

export type CreateOrderRequest = GuestOrderRequest | LandingOrderRequest | CustomerOrderRequest
/** POST /api/shop/order/create-order, and POST /api/shop/order/bkash/cash/{orderId} (paid in cash instead). */
export type CreateOrderAnswer = DataAnswer<Order> & { confirmation: OrderConfirmation } & WithPictures & {
    /** an order paid by bKash: what to pay now and where (the shopper is sent to bkashURL) */
    payment?: OrderPayment
  }
/** POST /api/shop/order/bkash/pay/{orderId}: bKash's page for the order again (after a failure or a cancel). */
export type BkashPayAnswer = DataAnswer<OrderPayment>
/**
 * GET /api/shop/order/bkash/callback/{orderId}?paymentID=...&status=...: where
 * bKash sends the shopper back; answered with a redirect to the storefront's
 * /payment/bkash/{orderId}?result=<BkashOutcome>.
 */
export type BkashReturn = { result: BkashOutcome }
/** GET /api/shop/order/get-orders/{userId}. */
export type OrdersAnswer = DataAnswer<Order[]>
/** GET /api/shop/order/get-order-details/{orderId}, and POST /api/admin/incomplete-orders/{id}/convert. */
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
  /** 0 for no sale */
  saleprice: number
  stock: number
  /** 0 when left out */
  discount?: number
}

export type UpdateOrderStatusRequest = { orderId: string; orderStatus: OrderStatus }
/** PUT /api/admin/order/update-order-status: the order as it now is (null only if it was gone by the time it was read back). */
export type UpdateOrderStatusAnswer = DataAnswer<Order | null> & MessageAnswer

/** An order in the admin's answers: with what the guard found and, in the list and the details, its Meta Purchase. */
export type AdminOrder = Order & WithMetaPurchase & WithSms & WithDispatch
/** GET /api/admin/order/all-orders: `data` is one page, `count` all that match. */
export type AdminOrdersQuery = { q?: string; offset?: number; limit?: number }
/** Without a query: every order and no `count`; with one: the page and its `count`. */
export type AdminOrdersAnswer = DataAnswer<AdminOrder[]> & { count?: number }
/** GET /api/admin/order/order-details/{orderId}, and POST /api/admin/order/{orderId}/confirmation (with its message). */
export type AdminOrderAnswer = DataAnswer<AdminOrder>

/** A held order in GET /api/admin/order/to-confirm: the order, its risk and calls (null for orders from before the guard), and its phone's other orders. */
export type HeldOrder = Omit<Order, "risk"> & {
  risk: NonNullable<Order["risk"]> | null
  phoneOrders: HeldOrderPhoneOrder[]
}
export type HeldOrdersAnswer = DataAnswer<HeldOrder[]>

export type DashboardQuery = { period?: DashboardPeriod }
/** GET /api/admin/dashboard. */
export type DashboardAnswer = DataAnswer<DashboardFigures>

/** An image upload's answer (POST /api/admin/products/upload-image and /api/admin/landing-pages/upload-image): where the stored file is served. */
export type UploadAnswer = ApiAnswer & { result?: { url?: string } }

/**
 * The groups a landing page's create or update may send, each group and each
 * field optional (the server fills the spec's defaults). Trust badges may come
 * as the editor's comma-separated text.
 */
export type LandingGroupsRequest = {
  hero?: Partial<Hero>
  benefits?: Partial<Benefit>[]
  gallery?: Partial<Gallery>
  testimonials?: Partial<Testimonial>[]
  orderForm?: Partial<Omit<OrderForm, "fields">> & { fields?: OrderFormField[] }
  trustBadges?: Partial<Omit<TrustBadges, "badges">> & { badges?: string[] | string }
  urgency?: Partial<Urgency>
  styling?: Partial<Styling>
}
/**
 * POST /api/admin/landing-pages/create: what the landing editor sends. The
 * product may also come as the populated product the editor loaded (its
 * `_id` is read); read-only fields sent back (_id, analytics...) are ignored.
 */
export type LandingPageRequest = LandingGroupsRequest & {
  title: string
  slug: string
  productId: string | { _id: string }
  isActive?: boolean
  /** the page's own pixel; empty or null: the shop's default */
  metaPixelId?: string | null
} & Record<string, unknown>
/** PUT /api/admin/landing-pages/{id}: any part of a page; what is left out stays. */
export type LandingPageUpdateRequest = Partial<LandingPageRequest>
/** GET /api/landing/{slug} (the public page, no analytics), and the admin's GET, create, update and toggle of one page. */
export type LandingPageAnswer = DataAnswer<LandingPage> & WithPictures
/** GET /api/admin/landing-pages: each page's analytics with its drafts and the Purchases Meta took. */
export type LandingPagesAnswer = DataAnswer<LandingPageListItem[]>
