import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useCallback } from "react"
import { ensureSuccess } from "@/lib/api-error"
import { sdk } from "@/lib/sdk"
import type { AddToCartRequest, Cart, CartAnswer, Pictures } from "@shop/contract"

/** A signed-in shopper's server cart (SPEC 7, "Shop products and cart"). */

/** The server cart and its products' pictures (by image URL). */
export type ServerCart = Cart & { pictures: Pictures }

export const EMPTY_CART: ServerCart = { _id: null, items: [], pictures: {} }

export const cartKeys = {
  all: ["cart"] as const,
  detail: (userId: string) => [...cartKeys.all, userId] as const,
}

const path = (...parts: string[]) => parts.map(encodeURIComponent).join("/")

function cartOf(body: CartAnswer, fallback: string): ServerCart {
  const { data, pictures } = ensureSuccess(body, fallback)
  return { _id: data?._id ?? null, items: Array.isArray(data?.items) ? data.items : [], pictures: pictures ?? {} }
}

export async function getCart(userId: string): Promise<ServerCart> {
  return cartOf(await sdk.client.fetch<CartAnswer>(`/api/shop/products/getcart/${path(userId)}`), "Failed to load cart")
}

export async function addToCart({ userId, productId }: { userId: string; productId: string }): Promise<ServerCart> {
  return cartOf(
    await sdk.client.fetch<CartAnswer>("/api/shop/products/addtocart", {
      method: "POST",
      // The add call always sends quantity 1 (SPEC 4).
      body: { userId, productId, quantity: 1 } satisfies AddToCartRequest,
    }),
    "Failed to add product to cart"
  )
}

export async function updateCart({
  userId,
  productId,
  quantity,
}: {
  userId: string
  productId: string
  quantity: number
}): Promise<ServerCart> {
  return cartOf(
    await sdk.client.fetch<CartAnswer>(`/api/shop/products/updatecart/${path(userId, productId, String(quantity))}`, {
      method: "PUT",
    }),
    "Failed to update cart"
  )
}

export async function deleteCartItem({
  userId,
  productId,
}: {
  userId: string
  productId: string
}): Promise<ServerCart> {
  return cartOf(
    await sdk.client.fetch<CartAnswer>(`/api/shop/products/deletecart/${path(userId, productId)}`, {
      method: "DELETE",
    }),
    "Failed to remove item"
  )
}

export function getCartQueryOptions(userId: string) {
  return queryOptions({
    queryKey: cartKeys.detail(userId),
    queryFn: () => getCart(userId),
  })
}

/** The server cart; disabled (and empty) without a user. A rejected load leaves it empty. */
export function useServerCart(userId: string | null | undefined) {
  return useQuery({ ...getCartQueryOptions(userId ?? ""), enabled: !!userId })
}

/** Just the add call (product cards and the product page), storing the new cart. */
export function useAddToCartMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addToCart,
    // the cart of the shopper the call was for (known at the call, maybe not yet at this hook's render)
    onSuccess: (cart, sent) => queryClient.setQueryData(cartKeys.detail(sent.userId), cart),
  })
}

/** Mutations answer with the new cart, which replaces the cached one. */
export function useServerCartMutations(userId: string | null | undefined) {
  const queryClient = useQueryClient()
  const key = cartKeys.detail(userId ?? "")
  const store = (cart: ServerCart) => queryClient.setQueryData(key, cart)
  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: cartKeys.detail(userId ?? "") }),
    [queryClient, userId]
  )

  return {
    add: useAddToCartMutation(),
    update: useMutation({ mutationFn: updateCart, onSuccess: store }),
    remove: useMutation({ mutationFn: deleteCartItem, onSuccess: store }),
    reload,
  }
}
