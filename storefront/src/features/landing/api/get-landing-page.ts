import { useCallback, useEffect, useState } from "react"
import { apiFetch } from "@/lib/http"
import { LANDING_NOT_FOUND, type LandingPage, type LandingPageAnswer, type Pictures } from "@shop/contract"

export type { FontFamily, LandingPage, LandingProduct } from "@shop/contract"
export type LandingHero = LandingPage["hero"]
export type LandingBenefit = LandingPage["benefits"][number]
export type LandingTestimonial = LandingPage["testimonials"][number]

export { LANDING_NOT_FOUND }
export const LANDING_LOAD_FAILED = "Failed to load landing page"

/**
 * Why a landing page could not be shown. `status` follows the HTTP status so
 * the app's retry rule (no retry on 4xx) applies; a network failure has none.
 */
export class LandingPageError extends Error {
  readonly kind: "not-found" | "failed"
  readonly status: number | undefined

  constructor(kind: "not-found" | "failed", status?: number) {
    super(kind === "not-found" ? LANDING_NOT_FOUND : LANDING_LOAD_FAILED)
    this.name = "LandingPageError"
    this.kind = kind
    this.status = status
  }
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === "number" ? status : undefined
}

/** A page and the pictures of its URLs. */
export type LandingPageView = { page: LandingPage; pictures: Pictures }

export async function getLandingPage(slug: string): Promise<LandingPageView> {
  let response: LandingPageAnswer
  try {
    response = await apiFetch<LandingPageAnswer>(`/api/landing/${encodeURIComponent(slug)}`, {
      // Every read counts one view: never from the browser's HTTP cache.
      cache: "no-store",
    })
  } catch (error) {
    const status = statusOf(error)
    throw status === 404 ? new LandingPageError("not-found", 404) : new LandingPageError("failed", status)
  }
  // "load reports no success" (SPEC section 8) reads as not found.
  if (!response?.success || !response.data) throw new LandingPageError("not-found", 404)
  return { page: response.data, pictures: response.pictures ?? {} }
}

export type LandingPageState =
  | { status: "pending" }
  | { status: "error"; error: LandingPageError; retrying: boolean }
  | { status: "success"; data: LandingPage; pictures: Pictures }

/**
 * The page of a visit. The storefront server renders it into the HTML and
 * hands its data to the app (`initial`), so a visit asks nothing more; without
 * it (the app loaded some other way), one fetch, counted as the visit's view.
 * `initial` null: the server found no such published page.
 */
export function useLandingPage(slug: string, initial?: LandingPage | null, initialPictures?: Pictures) {
  const [state, setState] = useState<LandingPageState>(() =>
    initial
      ? { status: "success", data: initial, pictures: initialPictures ?? {} }
      : initial === null
        ? { status: "error", error: new LandingPageError("not-found", 404), retrying: false }
        : { status: "pending" }
  )
  const load = useCallback(() => {
    let live = true
    getLandingPage(slug).then(
      ({ page, pictures }) => live && setState({ status: "success", data: page, pictures }),
      (error: LandingPageError) => live && setState({ status: "error", error, retrying: false })
    )
    return () => {
      live = false
    }
  }, [slug])
  const needsLoad = initial === undefined
  useEffect(() => (needsLoad ? load() : undefined), [needsLoad, load])
  const retry = useCallback(() => {
    setState((current) => (current.status === "error" ? { ...current, retrying: true } : current))
    load()
  }, [load])
  return { ...state, retry }
}
