import { useQuery } from "@tanstack/react-query"
import { Navigate, Outlet, useLocation } from "react-router-dom"
import { getUserQueryOptions } from "@/lib/auth"
import { guardRedirect, isPublicPath, rendersBeforeSessionCheck } from "./access"

export function LoadingScreen() {
  return (
    <p className="app-loading" role="status">
      Loading...
    </p>
  )
}

/**
 * 'Loading...' until the session check has answered (SPEC 2.1), then the
 * guard of SPEC 2.2; the pages a guest browses show at once, as a guest's.
 */
function GuardedOutlet({ pathname }: { pathname: string }) {
  const user = useQuery(getUserQueryOptions())
  if (user.isPending) return rendersBeforeSessionCheck(pathname) ? <Outlet /> : <LoadingScreen />
  const to = guardRedirect(pathname, user.data)
  if (to) return <Navigate to={to} replace />
  return <Outlet />
}

/**
 * Root element of the route table. Public pages have no guard rule and do not
 * wait for the session check; every other route does.
 */
export function RouteGuard() {
  const { pathname } = useLocation()
  if (isPublicPath(pathname)) return <Outlet />
  return <GuardedOutlet pathname={pathname} />
}
