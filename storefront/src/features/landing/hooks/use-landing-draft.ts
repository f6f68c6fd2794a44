import { useEffect, useRef } from "react"
import type { LandingDraftBody } from "@shop/contract"
import { draftBody, saveLandingDraft, sendLandingDraftBeacon, type DraftValues } from "../api/save-landing-draft"

/** How long after the shopper stops typing the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 800

/**
 * Saves the order form as the page's incomplete order once the phone is a
 * valid Bangladeshi mobile: DRAFT_SAVE_DELAY_MS after the last change, and on
 * leaving (the tab hidden or the page unloaded: sendBeacon; another page of
 * the app: a request) when something is still unsaved. Nothing is saved while
 * `enabled` is false (an order is being placed or was placed), so a draft
 * never trails an order.
 */
export function useLandingDraft(slug: string, values: DraftValues, enabled: boolean) {
  const body = draftBody(values)
  const key = body ? JSON.stringify(body) : null

  const latest = useRef<{ slug: string; body: LandingDraftBody | null; key: string | null; enabled: boolean }>({
    slug,
    body: null,
    key: null,
    enabled,
  })
  /** The key of what was last sent (or is on its way). */
  const sent = useRef<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => {
    latest.current = { slug, body, key, enabled }
  })

  // the debounced save
  useEffect(() => {
    if (!enabled || !key || key === sent.current) return
    timer.current = setTimeout(() => {
      const draft = latest.current
      if (!draft.enabled || !draft.body || draft.key === sent.current) return
      const savedKey = draft.key
      sent.current = savedKey
      saveLandingDraft(draft.slug, draft.body).catch(() => {
        // not saved: the next change or leaving tries again
        if (sent.current === savedKey) sent.current = null
      })
    }, DRAFT_SAVE_DELAY_MS)
    return () => clearTimeout(timer.current)
  }, [key, enabled, slug])

  // leaving: what is still unsaved goes now
  useEffect(() => {
    const flush = (how: "beacon" | "request") => {
      const draft = latest.current
      if (!draft.enabled || !draft.body || draft.key === sent.current) return
      clearTimeout(timer.current)
      sent.current = draft.key
      if (how === "beacon") sendLandingDraftBeacon(draft.slug, draft.body)
      else saveLandingDraft(draft.slug, draft.body).catch(() => undefined)
    }
    const onPageHide = () => flush("beacon")
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush("beacon")
    }
    window.addEventListener("pagehide", onPageHide)
    document.addEventListener("visibilitychange", onVisibility)
    return () => {
      window.removeEventListener("pagehide", onPageHide)
      document.removeEventListener("visibilitychange", onVisibility)
      flush("request")
    }
  }, [])
}
