import { useEffect, useRef, useState } from "react"

/** Space kept between a sticky box and the screen's top or bottom edge, in px. */
const EDGE_GAP = 16

/**
 * The `top` of a sticky box that may be taller than the screen: a box that
 * fits sticks EDGE_GAP below the top; a taller one scrolls with the page until
 * its bottom is EDGE_GAP above the screen's bottom and sticks there, so its
 * last lines (the order total and button) are always reachable by scrolling
 * the page itself, never inside an inner scroll area.
 */
export function useStickyTop<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  const [top, setTop] = useState(EDGE_GAP)

  useEffect(() => {
    const element = ref.current
    if (!element) return
    const update = () => setTop(Math.min(EDGE_GAP, window.innerHeight - element.offsetHeight - EDGE_GAP))
    update()
    window.addEventListener("resize", update)
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update)
    observer?.observe(element)
    return () => {
      window.removeEventListener("resize", update)
      observer?.disconnect()
    }
  }, [])

  return [ref, top] as const
}
