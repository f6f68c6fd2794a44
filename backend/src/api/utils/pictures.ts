import type { MedusaContainer } from "@medusajs/framework/types"
import { loadPictures } from "#app/read-models/pictures"
import type { Cart, LandingPage, OrderConfirmation, Product, WithPictures } from "@shop/contract"

/**
 * The `pictures` an answer carries beside its data (contract: WithPictures):
 * the URLs its data mentions, collected here for each kind of answer, and
 * their pictures read in one statement. An answer none of whose URLs has a
 * picture (an empty cart, a listing of nothing, a server without pictures
 * yet) carries no `pictures` at all: its shape is the one it always had.
 * Spread it into the answer: `{ success, data, ...(await picturesOfCart(...)) }`.
 */
async function picturesField(container: MedusaContainer, urls: (string | null | undefined)[]): Promise<WithPictures> {
  const pictures = await loadPictures(
    container,
    urls.filter((url): url is string => typeof url === "string")
  )
  return Object.keys(pictures).length ? { pictures } : {}
}

/** The URLs of a landing page's pictures: hero, gallery, testimonials and its product's. */
export function landingPictureUrls(
  page: Pick<LandingPage, "hero" | "gallery" | "testimonials" | "productId">
): (string | undefined)[] {
  return [
    page.hero?.heroImage,
    ...(page.hero?.heroImages ?? []),
    ...(page.gallery?.images ?? []),
    ...(page.testimonials ?? []).map((t) => t.image),
    page.productId?.image,
  ]
}

export const picturesOfProducts = (container: MedusaContainer, products: readonly Pick<Product, "image">[]) =>
  picturesField(
    container,
    products.map((p) => p.image)
  )

export const picturesOfLanding = (
  container: MedusaContainer,
  page: Pick<LandingPage, "hero" | "gallery" | "testimonials" | "productId">
) => picturesField(container, landingPictureUrls(page))

export const picturesOfCart = (container: MedusaContainer, cart: Cart) =>
  picturesField(
    container,
    cart.items.map((item) => item.productId?.image)
  )

export const picturesOfConfirmation = (container: MedusaContainer, confirmation: Pick<OrderConfirmation, "items">) =>
  picturesField(
    container,
    confirmation.items.map((item) => item.image)
  )
