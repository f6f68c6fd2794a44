import { lazy, Suspense, useSyncExternalStore } from "react"
import type { LandingPage } from "@/features/landing/api/get-landing-page"
import { LandingPageScreen } from "@/features/landing/components/landing-page"
import { OrderConfirmation } from "@/features/landing/components/order-confirmation"
import { readConfirmation } from "@/features/landing/utils/confirmation"
import { currentNavigationState, subscribeToLocation } from "@/features/landing/utils/navigation"
import type { Pictures } from "@shop/contract"
import { AppErrorBoundary } from "./error-boundary"

/** The slug of a /landing/{slug} path (decoded, as the router's params are), else null. */
export function landingSlugOf(pathname: string): string | null {
  const match = /^\/landing\/([^/]+)\/?$/.exec(pathname)
  if (!match) return null
  try {
    return decodeURIComponent(match[1]!)
  } catch {
    return match[1]!
  }
}

/** The order of a /payment/bkash/{orderId} path, else null. */
export function bkashReturnOrderOf(pathname: string): string | null {
  const match = /^\/payment\/bkash\/([^/]+)\/?$/.exec(pathname)
  if (!match) return null
  try {
    return decodeURIComponent(match[1]!)
  } catch {
    return match[1]!
  }
}

/** The page back from bKash: its own chunk, never loaded with a landing page. */
const BkashReturn = lazy(() => import("@/features/landing/components/bkash-return"))

function BkashReturnScreen({ orderId }: { orderId: string }) {
  // the address's word for how the trip ended, read by the page (its chunk checks it)
  return (
    <Suspense fallback={null}>
      <BkashReturn orderId={orderId} result={new URLSearchParams(window.location.search).get("result")} />
    </Suspense>
  )
}

function ConfirmationScreen() {
  // read on the client only: the server never renders the confirmation (its data is the tab's history state)
  return <OrderConfirmation order={readConfirmation(currentNavigationState())} />
}

export type LandingAppProps = {
  /** The path the server renders; the browser's own location once running. */
  path: string
  /** The data the server rendered the page with: the page, null for "no such published page". */
  page?: LandingPage | null
  /** The pictures of the page's URLs, from the same answer. */
  pictures?: Pictures
}

/**
 * The landing app (SPEC 2.9, 2.10): /landing/{slug}, the confirmation it
 * leads to and the page a shopper comes back to from bKash, without the shop's router, query cache or sdk, so a landing page
 * loads only its own code. The storefront server renders it into the HTML.
 */
export function LandingApp({ path, page, pictures }: LandingAppProps) {
  const pathname = useSyncExternalStore(
    subscribeToLocation,
    () => window.location.pathname,
    () => path
  )
  const slug = landingSlugOf(pathname)
  const initialSlug = landingSlugOf(path)
  const bkashOrder = bkashReturnOrderOf(pathname)
  return (
    <AppErrorBoundary>
      {slug !== null ? (
        // a new slug is a new visit: fresh form state
        <LandingPageScreen
          key={slug}
          slug={slug}
          initial={slug === initialSlug ? page : undefined}
          initialPictures={slug === initialSlug ? pictures : undefined}
        />
      ) : bkashOrder !== null ? (
        // read on the client only, like the confirmation: the server sends the shell
        <BkashReturnScreen orderId={bkashOrder} />
      ) : (
        <ConfirmationScreen />
      )}
    </AppErrorBoundary>
  )
}
