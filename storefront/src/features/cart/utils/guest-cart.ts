import { readJson, writeJson } from "@/lib/storage"
import type { AddressFields, CartItem, Picture, Pictures, Product } from "@shop/contract"

/**
 * The guest cart (SPEC 3 and 4): localStorage key `guestCart` holds
 * `{ items: [{ productId: <product object>, quantity, _id }] }`, key
 * `guestAddress` an address object. The reducer is pure; the store below
 * persists its results.
 */

export const GUEST_CART_KEY = "guestCart"
export const GUEST_ADDRESS_KEY = "guestAddress"
/** The lines' pictures, beside `guestCart` (whose shape the spec fixes), by image URL. */
export const GUEST_CART_PICTURES_KEY = "guestCartPictures"

/** `pictures`: the pictures of its products' images, kept from the page they were added on. */
export type GuestCart = { items: CartItem[]; pictures?: Pictures }

export type GuestCartAction =
  | { type: "add"; product: Product; quantity?: number; itemId: string; picture?: Picture }
  | { type: "update"; productId: string; quantity: number }
  | { type: "remove"; productId: string }
  | { type: "load"; cart: GuestCart }
  | { type: "clear" }

export const EMPTY_GUEST_CART: GuestCart = Object.freeze({ items: [] }) as GuestCart

/** The cart's pictures still used by its lines (a removed line's goes with it). */
function keptPictures(items: CartItem[], pictures: Pictures | undefined): Pictures | undefined {
  if (!pictures) return undefined
  const kept: Pictures = {}
  for (const item of items) {
    const picture = pictures[item.productId.image]
    if (picture) kept[item.productId.image] = picture
  }
  return Object.keys(kept).length ? kept : undefined
}

const withPictures = (items: CartItem[], pictures: Pictures | undefined): GuestCart => {
  const kept = keptPictures(items, pictures)
  return kept ? { items, pictures: kept } : { items }
}

export function guestCartReducer(cart: GuestCart, action: GuestCartAction): GuestCart {
  const next = guestCartItems(cart, action)
  if (next === EMPTY_GUEST_CART) return next
  const pictures = action.type === "load" ? parsePictures(action.cart.pictures) : cart.pictures
  const added = action.type === "add" && action.picture ? { [action.product.image]: action.picture } : {}
  return withPictures(next.items, { ...pictures, ...added })
}

function guestCartItems(cart: GuestCart, action: GuestCartAction): GuestCart {
  switch (action.type) {
    case "add": {
      const quantity = action.quantity ?? 1
      const present = cart.items.some((item) => item.productId._id === action.product._id)
      if (present) {
        return {
          items: cart.items.map((item) =>
            item.productId._id === action.product._id ? { ...item, quantity: item.quantity + quantity } : item
          ),
        }
      }
      return { items: [...cart.items, { productId: action.product, quantity, _id: action.itemId }] }
    }
    case "update":
      if (action.quantity <= 0) return guestCartItems(cart, { type: "remove", productId: action.productId })
      return {
        items: cart.items.map((item) =>
          item.productId._id === action.productId ? { ...item, quantity: action.quantity } : item
        ),
      }
    case "remove":
      return { items: cart.items.filter((item) => item.productId._id !== action.productId) }
    case "load":
      return parseGuestCart(action.cart)
    case "clear":
      return EMPTY_GUEST_CART
  }
}

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== "object") return false
  const item = value as Record<string, unknown>
  const product = item.productId as Record<string, unknown> | null
  return (
    !!product &&
    typeof product === "object" &&
    typeof product._id === "string" &&
    typeof item.quantity === "number" &&
    Number.isInteger(item.quantity) &&
    item.quantity > 0 &&
    typeof item._id === "string"
  )
}

/** Stored pictures: kept only when each is shaped like one (they only ever feed an img's attributes). */
function parsePictures(value: unknown): Pictures | undefined {
  if (!value || typeof value !== "object") return undefined
  const pictures: Pictures = {}
  for (const [url, picture] of Object.entries(value as Record<string, unknown>)) {
    const p = picture as Partial<Picture> | null
    if (
      p &&
      typeof p.url === "string" &&
      typeof p.width === "number" &&
      typeof p.height === "number" &&
      typeof p.placeholder === "string" &&
      Array.isArray(p.variants)
    ) {
      pictures[url] = p as Picture
    }
  }
  return pictures
}

/** A stored value as a cart: malformed entries (an older app, a hand edit) are dropped. */
export function parseGuestCart(value: unknown): GuestCart {
  const items = (value as { items?: unknown } | null)?.items
  if (!Array.isArray(items)) return EMPTY_GUEST_CART
  return withPictures(items.filter(isCartItem), parsePictures((value as { pictures?: unknown }).pictures))
}

/** A fresh cart line id. */
export function newItemId(): string {
  const random =
    typeof crypto !== "undefined" && "randomUUID" in crypto
      ? crypto.randomUUID().replace(/-/g, "").slice(0, 12)
      : Math.random().toString(36).slice(2, 14)
  return `guest_${Date.now().toString(36)}${random}`
}

// ---------- the persisted store ----------

let current: GuestCart | null = null
const listeners = new Set<() => void>()

function read(): GuestCart {
  current ??= parseGuestCart({
    ...(readJson("local", GUEST_CART_KEY) as object | null),
    pictures: readJson("local", GUEST_CART_PICTURES_KEY),
  })
  return current
}

function notify() {
  for (const listener of listeners) listener()
}

export function getGuestCart(): GuestCart {
  return read()
}

/** Applies an action and persists the result; `clear` removes both guest keys. */
export function dispatchGuestCart(action: GuestCartAction): GuestCart {
  current = guestCartReducer(read(), action)
  if (action.type === "clear") {
    try {
      window.localStorage.removeItem(GUEST_CART_KEY)
      window.localStorage.removeItem(GUEST_ADDRESS_KEY)
      window.localStorage.removeItem(GUEST_CART_PICTURES_KEY)
    } catch {
      // storage disabled: nothing was kept
    }
  } else {
    writeJson("local", GUEST_CART_KEY, { items: current.items })
    writeJson("local", GUEST_CART_PICTURES_KEY, current.pictures ?? {})
  }
  notify()
  return current
}

export function subscribeGuestCart(listener: () => void): () => void {
  listeners.add(listener)
  // Another tab changed the cart: read it again.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === GUEST_CART_KEY) {
      current = null
      listener()
    }
  }
  window.addEventListener("storage", onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener("storage", onStorage)
  }
}

/** Tests: forget the in-memory copy so the next read comes from storage. */
export function resetGuestCartCache() {
  current = null
}

// ---------- guest address ----------

export type GuestAddress = Partial<AddressFields> & {
  guestName?: string
  guestEmail?: string
  guestPhone?: string
}

export function loadGuestAddress(): GuestAddress | null {
  const value = readJson("local", GUEST_ADDRESS_KEY)
  return value && typeof value === "object" && !Array.isArray(value) ? (value as GuestAddress) : null
}

export function saveGuestAddress(address: GuestAddress): void {
  writeJson("local", GUEST_ADDRESS_KEY, address)
}
