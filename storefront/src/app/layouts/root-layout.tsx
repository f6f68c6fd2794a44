import { useLocation } from "react-router-dom"
import { RouteGuard } from "../guards/route-guard"
import { NotFoundRoute } from "../routes/not-found"
import { ScrollRestorer } from "../scroll-restoration"

/** An escape that decodes to nothing (a link cut mid-letter, /shop/product/%E0%A4). */
function isMalformed(pathname: string): boolean {
  try {
    decodeURIComponent(pathname)
    return false
  } catch {
    return true
  }
}

/**
 * Element of the root route: scroll restoration for every page, then the
 * guards. A malformed address names no page (the server answers it 404):
 * "page not found", whatever route its undecoded text happens to match.
 */
export function RootLayout() {
  const { pathname } = useLocation()
  if (isMalformed(pathname)) return <NotFoundRoute />
  return (
    <>
      <ScrollRestorer />
      <RouteGuard />
    </>
  )
}
