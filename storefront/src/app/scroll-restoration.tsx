import { Component } from "react"
import { useLocation, useNavigationType, type NavigationType } from "react-router-dom"

/** sessionStorage key of the saved positions: they outlive a reload of the tab. */
export const SCROLL_POSITIONS_KEY = "scroll-positions"
/** How long a restore waits for a page whose content is still loading to grow tall enough. */
export const RESTORE_TIMEOUT_MS = 3000
/** Positions kept (most recent history entries); older ones are dropped. */
const MAX_POSITIONS = 100
/** The shopper taking over: a restore still waiting for content stops. */
const USER_SCROLL_EVENTS = ["wheel", "touchstart", "pointerdown", "keydown"] as const
/** The key of the first entry of a visit that the app has not stamped (a typed URL, a link from elsewhere). */
const UNSTAMPED_KEY = "default"

type Positions = Map<string, number>

function readPositions(): Positions {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? "[]")
    if (!Array.isArray(stored)) return new Map()
    return new Map(
      stored.filter(
        (entry): entry is [string, number] =>
          Array.isArray(entry) && typeof entry[0] === "string" && typeof entry[1] === "number"
      )
    )
  } catch {
    return new Map()
  }
}

function writePositions(positions: Positions) {
  try {
    window.sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify([...positions]))
  } catch {
    // storage full or blocked: positions still work for this page's lifetime
  }
}

function scrollToY(top: number) {
  // 'instant': a navigation jumps, whatever the page's CSS scroll-behavior says
  window.scrollTo({ top, left: 0, behavior: "instant" })
}

function scrollToHash(hash: string): boolean {
  let id: string
  try {
    id = decodeURIComponent(hash.slice(1))
  } catch {
    return false
  }
  const target = id ? document.getElementById(id) : null
  target?.scrollIntoView()
  return target !== null
}

type ManagerProps = { locationKey: string; pathname: string; hash: string; action: NavigationType }

/**
 * A class for getSnapshotBeforeUpdate: it reads the scroll position of the
 * page being left before React swaps in the next page (which would clamp it).
 */
class ScrollManager extends Component<ManagerProps> {
  private positions: Positions = new Map()
  private pending: { target: number; cancel: () => void } | null = null
  private previousMode: ScrollRestoration | null = null

  override componentDidMount() {
    this.positions = readPositions()
    if ("scrollRestoration" in window.history) {
      this.previousMode = window.history.scrollRestoration
      // the browser would restore before the page's content is there; this component does it
      window.history.scrollRestoration = "manual"
    }
    window.addEventListener("pagehide", this.onPageHide)
    // A reload or a return from another site: the entry's key is known, so is its position.
    // A fresh visit ('default' key) starts where the browser put it (top, or the URL's hash).
    if (this.props.locationKey !== UNSTAMPED_KEY) this.arrive(null)
    else if (this.props.hash) scrollToHash(this.props.hash)
  }

  override componentWillUnmount() {
    this.pending?.cancel()
    window.removeEventListener("pagehide", this.onPageHide)
    if (this.previousMode) window.history.scrollRestoration = this.previousMode
  }

  override getSnapshotBeforeUpdate(prev: ManagerProps): number | null {
    if (prev.locationKey === this.props.locationKey) return null
    // still restoring (content loading): the position it is heading for is the one to keep
    return this.pending ? this.pending.target : window.scrollY
  }

  override componentDidUpdate(prev: ManagerProps, _state: unknown, leftAt: number | null) {
    if (leftAt === null) return
    this.remember(prev.locationKey, leftAt)
    this.arrive(prev)
  }

  override render() {
    return null
  }

  private onPageHide = () => {
    this.remember(this.props.locationKey, this.pending ? this.pending.target : window.scrollY)
  }

  private remember(key: string, y: number) {
    this.positions.delete(key)
    this.positions.set(key, y)
    for (const old of this.positions.keys()) {
      if (this.positions.size <= MAX_POSITIONS) break
      this.positions.delete(old)
    }
    writePositions(this.positions)
  }

  /** Back/forward: where the shopper was; a new page: its top (or its hash target). */
  private arrive(prev: ManagerProps | null) {
    this.pending?.cancel()
    const { locationKey, pathname, hash, action } = this.props
    if (action === "POP") {
      this.restore(this.positions.get(locationKey) ?? 0)
      return
    }
    const samePage = prev !== null && prev.pathname === pathname
    if (hash && (!samePage || hash !== prev.hash) && scrollToHash(hash)) return
    // Only the query changed (filters, sort): the shopper stays where they were.
    if (samePage) return
    scrollToY(0)
  }

  /**
   * Scrolls to `target` now and, while the page is too short for it (content
   * still loading), again on each frame, for at most RESTORE_TIMEOUT_MS or
   * until the shopper scrolls, taps or types.
   */
  private restore(target: number) {
    const deadline = Date.now() + RESTORE_TIMEOUT_MS
    let frame = 0
    const cancel = () => {
      window.cancelAnimationFrame(frame)
      for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, cancel)
      if (this.pending === pending) this.pending = null
    }
    const pending = { target, cancel }
    const attempt = () => {
      scrollToY(target)
      if (Math.abs(window.scrollY - target) < 1 || Date.now() >= deadline) cancel()
      else frame = window.requestAnimationFrame(attempt)
    }
    this.pending = pending
    for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, cancel, { passive: true })
    attempt()
  }
}

/**
 * Scroll restoration for the whole app (render once, in the root route):
 * a new page opens at its top (or at its #hash), back/forward returns to the
 * position the shopper left, also when that page's content is still loading.
 * A navigation that only changes the query string (listing filters and sort)
 * leaves the scroll alone.
 */
export function ScrollRestorer() {
  const location = useLocation()
  const action = useNavigationType()
  return <ScrollManager locationKey={location.key} pathname={location.pathname} hash={location.hash} action={action} />
}
