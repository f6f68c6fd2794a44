import type { ReactNode } from "react"
import { PicturesProvider } from "@/components/picture"
import type { Pictures } from "@shop/contract"
import { LANDING_LOAD_FAILED, LANDING_NOT_FOUND, useLandingPage, type LandingPage } from "../api/get-landing-page"
import { BN } from "../utils/bn"
import { LandingView } from "./landing-view"

export const PRODUCT_NOT_FOUND = "Product not found"

function LandingStatus({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="landing-status">
      <div role="alert">
        <h1 className="landing-status__title">{title}</h1>
      </div>
      <div className="landing-status__actions" lang="bn">
        {children}
        <a href="/" className="landing-status__link">
          {BN.backHome}
        </a>
      </div>
    </main>
  )
}

/**
 * /landing/{slug}: the page of this visit (rendered by the storefront server,
 * `initial` its data; null when it has none such) or why it cannot be shown
 * (SPEC section 8).
 */
export function LandingPageScreen({
  slug,
  initial,
  initialPictures,
}: {
  slug: string
  initial?: LandingPage | null
  initialPictures?: Pictures
}) {
  const page = useLandingPage(slug, initial, initialPictures)

  if (page.status === "pending") {
    return (
      <main className="landing-status" aria-busy="true" lang="bn">
        <p className="landing-status__loading">{BN.loading}</p>
      </main>
    )
  }
  if (page.status === "error") {
    return page.error.kind === "not-found" ? (
      <LandingStatus title={LANDING_NOT_FOUND} />
    ) : (
      <LandingStatus title={LANDING_LOAD_FAILED}>
        <button type="button" className="landing-status__retry" disabled={page.retrying} onClick={page.retry}>
          {BN.retry}
        </button>
      </LandingStatus>
    )
  }
  const product = page.data.productId
  if (!product) return <LandingStatus title={PRODUCT_NOT_FOUND} />
  return (
    <PicturesProvider pictures={page.pictures}>
      <LandingView page={page.data} product={product} />
    </PicturesProvider>
  )
}
