import type { Address, Cart, Order, OrderConfirmation, Product, User } from "@shop/contract"
import { stubFetch } from "./test-utils"

/** Test data and a small in-memory stand-in for the shop's /api, behind the stubbed fetch. */

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: "prod_1",
    image: "https://img.example/polo.png",
    title: "Classic Cotton Polo",
    description: "Breathable pique cotton polo.",
    category: "men",
    brand: "nike",
    price: 1850,
    saleprice: 1490,
    stock: 40,
    discount: 19,
    ...overrides,
  }
}

export const CUSTOMER: User = {
  _id: "cus_1",
  id: "cus_1",
  username: "Rahim Uddin",
  userName: "Rahim Uddin",
  name: "Rahim Uddin",
  email: "rahim@example.com",
  role: "user",
}

export const ADMIN: User = {
  _id: "user_1",
  id: "user_1",
  username: "Admin",
  userName: "Admin",
  name: "Admin",
  email: "admin@shop.local",
  role: "admin",
}

export type Call = { method: string; path: string; url: URL; body: unknown }

type Reply = { status?: number; body: unknown }

export type FakeApiOptions = {
  user?: User | null
  products?: Product[]
  cart?: Cart
  addresses?: Address[]
  orders?: Order[]
  /** Overrides a route: return a reply, or undefined to fall through to the fake. */
  override?: (call: Call) => Reply | undefined
}

export const CONFIRMATION: OrderConfirmation = {
  orderNumber: "ORD-261122-7KQ4XM",
  orderId: "order_01",
  customerName: "Karim",
  customerPhone: "01712345678",
  customerEmail: "karim@example.com",
  customerAddress: "House 1, Dhaka, 1207",
  deliveryArea: null,
  items: [],
  productTotal: 1490,
  deliveryCharge: 0,
  totalAmount: 1490,
}

const ok = (body: Record<string, unknown>): Reply => ({ body: { success: true, ...body } })
const fail = (status: number, message: string): Reply => ({ status, body: { success: false, message } })

export function fakeApi(options: FakeApiOptions = {}) {
  const state = {
    user: options.user ?? null,
    products: options.products ?? [makeProduct()],
    cart: options.cart ?? ({ _id: null, items: [] } as Cart),
    addresses: options.addresses ?? [],
    orders: options.orders ?? [],
  }
  const calls: Call[] = []
  let nextAddress = state.addresses.length + 1

  const fetchMock = stubFetch((url, init) => {
    const method = (init?.method ?? "GET").toUpperCase()
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined
    const call: Call = { method, path: url.pathname, url, body }
    calls.push(call)
    const custom = options.override?.(call)
    if (custom) return custom
    const p = url.pathname.split("/").map(decodeURIComponent)
    const product = (id: string) => state.products.find((x) => x._id === id)

    switch (true) {
      case url.pathname === "/api/auth/check-auth":
        // a guest is an answer, not an error (the backend's route)
        return state.user ? ok({ user: state.user }) : { status: 200, body: { success: false, user: null } }
      case url.pathname === "/api/auth/logout":
        state.user = null
        return ok({ message: "Logged out successfully!" })
      case url.pathname === "/api/shop/products/get":
        return ok({ products: state.products })
      case url.pathname.startsWith("/api/shop/products/get/"): {
        const found = product(p[5]!)
        return found ? ok({ data: found }) : fail(404, "Product not found")
      }
      case url.pathname.startsWith("/api/shop/products/getcart/"):
        return ok({ data: state.cart })
      case url.pathname === "/api/shop/products/addtocart": {
        const { productId } = body as { productId: string }
        const found = product(productId)!
        const line = state.cart.items.find((i) => i.productId._id === productId)
        if ((line?.quantity ?? 0) + 1 > found.stock) return fail(409, `Only ${found.stock} left`)
        state.cart = {
          _id: state.cart._id ?? "cart_1",
          items: line
            ? state.cart.items.map((i) => (i === line ? { ...i, quantity: i.quantity + 1 } : i))
            : [...state.cart.items, { productId: found, quantity: 1, _id: `cali_${found._id}` }],
        }
        return ok({ message: "Product added to cart successfully", data: state.cart })
      }
      case url.pathname.startsWith("/api/shop/products/updatecart/"): {
        const [productId, quantity] = [p[6]!, Number(p[7])]
        state.cart = {
          ...state.cart,
          items: state.cart.items.map((i) => (i.productId._id === productId ? { ...i, quantity } : i)),
        }
        return ok({ data: state.cart })
      }
      case url.pathname.startsWith("/api/shop/products/deletecart/"): {
        state.cart = { ...state.cart, items: state.cart.items.filter((i) => i.productId._id !== p[6]) }
        return ok({ data: state.cart })
      }
      case url.pathname.startsWith("/api/shop/address/get/"):
        return ok({ data: state.addresses })
      case url.pathname === "/api/shop/address/add": {
        const { userId, ...fields } = body as Address & { userId: string }
        state.addresses = [...state.addresses, { ...fields, _id: `addr_${nextAddress++}`, userId }]
        return { status: 201, body: { success: true, message: "Address added successfully", data: state.addresses } }
      }
      case url.pathname.startsWith("/api/shop/address/update/"): {
        state.addresses = state.addresses.map((a) => (a._id === p[6] ? { ...a, ...(body as object) } : a))
        return ok({ message: "Address updated successfully", data: state.addresses })
      }
      case url.pathname.startsWith("/api/shop/address/delete/"): {
        state.addresses = state.addresses.filter((a) => a._id !== p[6])
        return ok({ message: "Address deleted successfully", data: state.addresses })
      }
      case url.pathname.startsWith("/api/shop/order/get-orders/"):
        return ok({ data: state.orders })
      case url.pathname === "/api/shop/order/create-order":
        return {
          status: 201,
          body: {
            success: true,
            message: "Order created successfully!",
            data: { _id: "order_01", orderNumber: CONFIRMATION.orderNumber },
            confirmation: CONFIRMATION,
          },
        }
      default:
        return fail(404, "Not found")
    }
  })

  return {
    fetchMock,
    calls,
    state,
    /** Calls to `path` (exact) or, with a trailing '*', under it. */
    callsTo(path: string, method?: string) {
      return calls.filter(
        (c) =>
          (path.endsWith("*") ? c.path.startsWith(path.slice(0, -1)) : c.path === path) &&
          (!method || c.method === method)
      )
    },
  }
}
