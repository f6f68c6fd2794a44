/**
 * When a server-rendered page's app starts: once the page's first picture (the
 * one it asks for with fetchpriority="high") is on the screen, or at the
 * shopper's first touch, key or focus, whichever comes first, and at the
 * latest after `latestMs`. On a slow line the picture then gets the bandwidth
 * and the phone's processor first; the page is whole and readable before its
 * app runs.
 *
 * Until the app has taken the page over (`done`), a click on a button is held
 * and made again once it has, so a quick tap on "order now", "+" or the submit
 * button is never lost; links work as links.
 */
export const FIRST_PICTURE = 'img[fetchpriority="high"]'
/**
 * The Element Timing name the first picture carries (components/picture.tsx).
 * Where the browser reports element timing (Chromium: Android's Chrome, most
 * of the shop's shoppers), its entry arrives once the frame holding the
 * picture is on the screen. A frame's own callbacks run before the frame is
 * shown: requests made there still went out before the picture was painted,
 * and on a slow phone that paint comes tens to hundreds of ms later.
 */
export const FIRST_PICTURE_TIMING = "first-picture"
/** Where paint is reported but no report comes for a decoded picture (it is off screen or hidden), the app starts this long after. */
const UNSEEN_PICTURE_MS = 1000
const EARLY = ["pointerdown", "touchstart", "keydown", "focusin"] as const

export type LateStart = {
  /** The app has taken the page over: the held click is made again, nothing more is held. */
  done: () => void
}

export function startLate(start: () => void, opts: { doc?: Document; latestMs?: number } = {}): LateStart {
  const doc = opts.doc ?? document
  const view = doc.defaultView ?? window
  let started = false
  let held: HTMLElement | null = null
  let hydrated = false
  const go = () => {
    if (started) return
    started = true
    for (const type of EARLY) doc.removeEventListener(type, go, true)
    view.clearTimeout(timer)
    start()
  }
  const holdClicks = (event: MouseEvent) => {
    if (hydrated) return
    const button = (event.target as Element | null)?.closest?.("button")
    if (!button) return
    // the app is not there yet to answer it: made again by done()
    event.preventDefault()
    event.stopImmediatePropagation()
    held = button
    go()
  }
  for (const type of EARLY) doc.addEventListener(type, go, { capture: true, passive: true })
  doc.addEventListener("click", holdClicks, true)
  const timer = view.setTimeout(go, opts.latestMs ?? 3000)

  // one frame after the picture is decoded: it has been drawn
  const afterFrame = () => view.requestAnimationFrame(() => view.setTimeout(go, 0))
  const picture = doc.querySelector<HTMLImageElement>(FIRST_PICTURE)
  // the picture carries FIRST_PICTURE_TIMING (components/picture.tsx gives it with fetchpriority)
  const reportsPaint = picture !== null && watchPaint(view, () => view.setTimeout(go, 0))
  // decoded and drawn: where the paint is reported, its report starts the app, or this backstop
  const afterPaint = reportsPaint
    ? () => view.requestAnimationFrame(() => view.setTimeout(go, UNSEEN_PICTURE_MS))
    : afterFrame
  const decoded = () =>
    typeof picture!.decode === "function" ? picture!.decode().then(afterPaint, afterFrame) : afterPaint()
  if (!picture) afterFrame()
  else if (picture.complete) void decoded()
  else {
    picture.addEventListener("load", () => void decoded(), { once: true })
    picture.addEventListener("error", afterFrame, { once: true })
  }

  return {
    done: () => {
      if (hydrated) return
      hydrated = true
      doc.removeEventListener("click", holdClicks, true)
      const button = held
      held = null
      if (button?.isConnected && !(button as HTMLButtonElement).disabled) button.click()
    },
  }
}

type ElementTiming = PerformanceEntry & { identifier?: string; url?: string }

/**
 * Calls `shown` once the browser reports the first picture (FIRST_PICTURE_TIMING)
 * painted on the screen (Element Timing); false where it reports no such thing.
 */
function watchPaint(view: Window & typeof globalThis, shown: () => void): boolean {
  const Observer = view.PerformanceObserver
  if (!Observer?.supportedEntryTypes?.includes("element")) return false
  const observer = new Observer((list) => {
    // the picture itself, not its placeholder (a data: URL background, painted with the HTML)
    const painted = list
      .getEntries()
      .some((entry: ElementTiming) => entry.identifier === FIRST_PICTURE_TIMING && /^http/.test(entry.url ?? ""))
    if (!painted) return
    observer.disconnect()
    shown()
  })
  observer.observe({ type: "element", buffered: true })
  return true
}

const valueSetter = (el: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), "value")?.set

/**
 * What the shopper typed or chose in the server's HTML before the app took it
 * over is handed to the app, as if typed now: React keeps such values on the
 * screen when it hydrates but its state still holds the rendered ones. Call
 * after hydration (from an effect).
 */
export function handOverEdits(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
    if (el instanceof HTMLInputElement && (el.type === "radio" || el.type === "checkbox")) {
      if (el.checked === el.defaultChecked || el.readOnly || el.disabled) continue
      // of a group of radios, the one chosen speaks for the group
      if (el.type === "radio" && !el.checked) continue
      // React hears a click on a box whose state it recorded otherwise
      const wanted = el.checked
      el.checked = !wanted
      el.click()
      continue
    }
    if (el.value === el.defaultValue || el.readOnly || el.disabled) continue
    const typed = el.value
    // React's own record of the value is set aside, so the input event below reads as a change
    el.value = el.defaultValue
    valueSetter(el)?.call(el, typed)
    el.dispatchEvent(new Event("input", { bubbles: true }))
  }
}
