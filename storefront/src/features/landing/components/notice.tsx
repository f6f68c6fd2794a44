import { useCallback, useEffect, useState } from "react"
import { BN } from "../utils/bn"

export type NoticeKind = "success" | "error"
export type NoticeState = { id: number; kind: NoticeKind; text: string }

/** How long a notice stays before it goes away by itself. */
export const NOTICE_TIMEOUT_MS = 6000

/** One notice at a time (SPEC section 4): a new one replaces the one shown. */
export function useNotice() {
  const [notice, setNotice] = useState<NoticeState | null>(null)

  const show = useCallback((kind: NoticeKind, text: string) => {
    setNotice((previous) => ({ id: (previous?.id ?? 0) + 1, kind, text }))
  }, [])
  const dismiss = useCallback(() => setNotice(null), [])

  useEffect(() => {
    if (!notice) return undefined
    const timer = window.setTimeout(dismiss, NOTICE_TIMEOUT_MS)
    return () => window.clearTimeout(timer)
  }, [notice, dismiss])

  return { notice, show, dismiss }
}

export function Notice({ notice, onDismiss }: { notice: NoticeState | null; onDismiss: () => void }) {
  if (!notice) return null
  return (
    <div key={notice.id} className={`landing-notice landing-notice--${notice.kind}`} data-testid="landing-notice">
      <p className="landing-notice__text" role={notice.kind === "error" ? "alert" : "status"}>
        {notice.text}
      </p>
      <button type="button" className="landing-notice__close" aria-label={BN.closeNotice} onClick={onDismiss}>
        ×
      </button>
    </div>
  )
}
