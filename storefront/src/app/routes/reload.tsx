import { useEffect } from "react"

/**
 * A page of another app of the storefront (the landing app): the shop app
 * does not draw it, the browser loads it as a document.
 */
export function ReloadRoute() {
  useEffect(() => window.location.reload(), [])
  return null
}
