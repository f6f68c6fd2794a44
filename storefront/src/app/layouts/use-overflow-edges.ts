import { useEffect, useRef, useState } from "react"

export type OverflowEdges = { left: boolean; right: boolean }

/**
 * Whether a horizontally scrolling element has more content beyond its left
 * and right edges, kept current as it scrolls or resizes: the header's links
 * on a phone show a fade where more links wait.
 */
export function useOverflowEdges<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  const [edges, setEdges] = useState<OverflowEdges>({ left: false, right: false })

  useEffect(() => {
    const element = ref.current
    if (!element) return
    const update = () => {
      const left = element.scrollLeft > 1
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1
      setEdges((previous) => (previous.left === left && previous.right === right ? previous : { left, right }))
    }
    update()
    element.addEventListener("scroll", update, { passive: true })
    window.addEventListener("resize", update)
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update)
    observer?.observe(element)
    return () => {
      element.removeEventListener("scroll", update)
      window.removeEventListener("resize", update)
      observer?.disconnect()
    }
  }, [])

  return [ref, edges] as const
}
