import { useRouteError } from "react-router-dom"
import { MainErrorFallback } from "./main-error-fallback"

/** errorElement of the root route: render and loader errors inside the router. */
export function RouteErrorFallback() {
  const error = useRouteError()
  console.error("Unexpected route error", error)
  return <MainErrorFallback />
}
