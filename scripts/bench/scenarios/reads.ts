/**
 * The shop's public reads under load, 50 connections each, as ratios to B0:
 * straight from the backend, then through the storefront server (the
 * shopper's origin: public reads from its shared cache, pages rendered there).
 */
import type { BenchContext, Figure } from "./context"
import { DURATION, READ_CONNECTIONS, SLUG } from "./settings"
import { isListing, isSuccess } from "./shop"

/** The catalog listing as a shopper filters and sorts it. */
const LISTING_PATH = "/api/shop/products/get?category=men,women&sortBy=price-hightolow"

export async function measureApiReads(
  { stack, measure, sample }: BenchContext,
  B0: Figure
): Promise<{ listing: Figure; landingRead: Figure }> {
  // Medusa's own cheapest route: the ceiling of its HTTP stack on this machine, for reference
  await measure(
    "Medusa /health (reference)",
    { url: `${stack.url}/health`, connections: READ_CONNECTIONS, duration: DURATION },
    { name: "B0", figure: B0 }
  )
  const listing = await measure(
    "listing",
    { url: `${stack.url}${LISTING_PATH}`, connections: READ_CONNECTIONS, duration: DURATION, verifyBody: isListing },
    { name: "B0", figure: B0 }
  )
  sample("listing")
  const landingRead = await measure(
    "landing read",
    {
      url: `${stack.url}/api/landing/${SLUG}`,
      connections: READ_CONNECTIONS,
      duration: DURATION,
      verifyBody: isSuccess,
    },
    { name: "B0", figure: B0 }
  )
  sample("landing read")
  return { listing, landingRead }
}

export async function measureStorefrontReads(
  { stack, measure, sample }: BenchContext,
  B0: Figure
): Promise<{ edgeLandingHtml: Figure; edgeListing: Figure }> {
  const edge = stack.storefrontUrl!
  const edgeLandingHtml = await measure(
    "storefront landing HTML",
    {
      url: `${edge}/landing/${SLUG}`,
      headers: { accept: "text/html" },
      connections: READ_CONNECTIONS,
      duration: DURATION,
      verifyBody: (body) => /<\/html>/i.test(body),
    },
    { name: "B0", figure: B0 }
  )
  await measure(
    "storefront landing JSON",
    { url: `${edge}/api/landing/${SLUG}`, connections: READ_CONNECTIONS, duration: DURATION, verifyBody: isSuccess },
    { name: "B0", figure: B0 }
  )
  const edgeListing = await measure(
    "storefront listing",
    { url: `${edge}${LISTING_PATH}`, connections: READ_CONNECTIONS, duration: DURATION, verifyBody: isListing },
    { name: "B0", figure: B0 }
  )
  sample("storefront reads")
  return { edgeLandingHtml, edgeListing }
}
