import { useQueryClient } from "@tanstack/react-query"
import { useCallback, useSyncExternalStore } from "react"
import { toast } from "@/components/ui/toast"
import { serverMessage } from "@/lib/api-error"
import { getUserQueryOptions, useUser } from "@/lib/auth"
import { type CartItem, type Picture, type Pictures, type Product, unitPrice } from "@shop/contract"
import { EMPTY_CART, useAddToCartMutation, useServerCart, useServerCartMutations } from "../api/cart"
import { dispatchGuestCart, EMPTY_GUEST_CART, getGuestCart, newItemId, subscribeGuestCart } from "../utils/guest-cart"

const emptyGuestCart = () => EMPTY_GUEST_CART
const NO_PICTURES: Pictures = {}

export type CartState = {
  /** Guests keep a local cart; signed-in shoppers the server cart. */
  isGuest: boolean
  isLoading: boolean
  items: CartItem[]
  /** The pictures of the lines' images (the server's answer, or kept with a guest's lines). */
  pictures: Pictures
  cartId: string | null
  /** Units in the cart (the header badge). */
  count: number
  /** Sum of unit price (saleprice when > 0, else price) x quantity. */
  total: number
  /** Product ids with a call under way. */
  busy: ReadonlySet<string>
  /** `picture`: the product's picture where it was shown, kept with a guest's line. */
  addToCart: (product: Product, picture?: Picture) => Promise<boolean>
  updateQuantity: (productId: string, quantity: number) => Promise<void>
  removeItem: (productId: string) => Promise<void>
  /** After a guest order: removes guestCart and guestAddress. */
  clearGuestCart: () => void
  /** Re-reads the server cart (after a signed-in order closed it). */
  reload: () => Promise<void>
}

export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0)
}

export function cartTotal(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + unitPrice(item.productId) * item.quantity, 0)
}

function stockOf(product: Product): number {
  return Number.isFinite(product.stock) ? product.stock : Number.POSITIVE_INFINITY
}

/**
 * Adds one unit (SPEC 4: the add call always sends quantity 1): guests to the
 * local cart, signed-in shoppers to the server cart; with the spec's notices.
 */
function useAddToCart(addAsync: ReturnType<typeof useAddToCartMutation>["mutateAsync"]) {
  const queryClient = useQueryClient()
  return useCallback(
    async (product: Product, picture?: Picture): Promise<boolean> => {
      if (product.stock <= 0) return false
      // who is browsing, as the session check answers: a tap made while it is still out (the app has just
      // started) waits for it, or a signed-in shopper's product would go to the guest cart
      const userId = (await queryClient.ensureQueryData(getUserQueryOptions()))?._id ?? null
      if (!userId) {
        const inCart = getGuestCart().items.find((item) => item.productId._id === product._id)?.quantity ?? 0
        if (inCart + 1 > stockOf(product)) {
          toast({
            title: "Failed to add product to cart",
            description: `Only ${product.stock} left in stock`,
            variant: "destructive",
          })
          return false
        }
        dispatchGuestCart({ type: "add", product, quantity: 1, itemId: newItemId(), picture })
        toast({ title: "Product added to cart successfully", variant: "success" })
        return true
      }
      try {
        await addAsync({ userId, productId: product._id })
        toast({ title: "Product added to cart successfully", variant: "success" })
        return true
      } catch (error) {
        toast({
          title: "Failed to add product to cart",
          description: serverMessage(error, ""),
          variant: "destructive",
        })
        return false
      }
    },
    [queryClient, addAsync]
  )
}

/** Light hook for Add to Cart buttons: no cart read, one mutation. */
export function useAddToCartAction() {
  const add = useAddToCartMutation()
  return useAddToCart(add.mutateAsync)
}

/** The cart of whoever is browsing, with the spec's notices (SPEC 4 and 8). */
export function useCart(): CartState {
  const user = useUser()
  const userId = user.data?._id ?? null
  const isGuest = !userId

  // the server renders (and the browser hydrates) an empty guest cart; the stored one follows at once
  const guestCart = useSyncExternalStore(subscribeGuestCart, getGuestCart, emptyGuestCart)
  const server = useServerCart(userId)
  const mutations = useServerCartMutations(userId)

  // A rejected load leaves the cart empty (SPEC 4).
  const items = isGuest ? guestCart.items : (server.data ?? EMPTY_CART).items
  const cartId = isGuest ? null : (server.data?._id ?? null)
  const pictures = (isGuest ? guestCart.pictures : server.data?.pictures) ?? NO_PICTURES

  const busy = new Set<string>()
  for (const mutation of [mutations.add, mutations.update, mutations.remove]) {
    if (mutation.isPending && mutation.variables) busy.add(mutation.variables.productId)
  }

  const { reload } = mutations
  const updateAsync = mutations.update.mutateAsync
  const removeAsync = mutations.remove.mutateAsync

  const addToCart = useAddToCart(mutations.add.mutateAsync)

  const updateQuantity = useCallback(
    async (productId: string, quantity: number) => {
      // Quantity cannot go below 1 from the cart controls (SPEC 4).
      if (!Number.isInteger(quantity) || quantity < 1) return
      if (!userId) {
        const item = getGuestCart().items.find((line) => line.productId._id === productId)
        if (item && quantity > item.quantity && quantity > stockOf(item.productId)) {
          toast({
            title: "Failed to update cart",
            description: `Only ${item.productId.stock} left in stock`,
            variant: "destructive",
          })
          return
        }
        dispatchGuestCart({ type: "update", productId, quantity })
        return
      }
      try {
        await updateAsync({ userId, productId, quantity })
      } catch (error) {
        toast({ title: "Failed to update cart", description: serverMessage(error, ""), variant: "destructive" })
        await reload()
      }
    },
    [userId, updateAsync, reload]
  )

  const removeItem = useCallback(
    async (productId: string) => {
      if (!userId) {
        dispatchGuestCart({ type: "remove", productId })
        toast({ title: "Item removed from cart", variant: "success" })
        return
      }
      try {
        await removeAsync({ userId, productId })
        toast({ title: "Item removed from cart", variant: "success" })
        // After a server removal the cart is reloaded (SPEC 4).
        await reload()
      } catch (error) {
        toast({ title: "Failed to remove item", description: serverMessage(error, ""), variant: "destructive" })
      }
    },
    [userId, removeAsync, reload]
  )

  const clearGuestCart = useCallback(() => {
    dispatchGuestCart({ type: "clear" })
  }, [])

  return {
    isGuest,
    isLoading: !isGuest && server.isPending,
    items,
    pictures,
    cartId,
    count: cartCount(items),
    total: cartTotal(items),
    busy,
    addToCart,
    updateQuantity,
    removeItem,
    clearGuestCart,
    reload,
  }
}
