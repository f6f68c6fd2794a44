import { useEffect } from "react"
import { useLocation } from "react-router-dom"
import { adminConsolePath } from "../guards/admin-handoff"
import { NotFoundRoute } from "./not-found"

/** /admin/... for an admin (the guard has checked): a full page load into Medusa Admin. */
export function AdminHandoffRoute() {
  const { pathname } = useLocation()
  const target = adminConsolePath(pathname)

  useEffect(() => {
    if (target) window.location.assign(target)
  }, [target])

  if (!target) return <NotFoundRoute />
  return (
    <main className="app-loading" role="status">
      <p>Opening the admin...</p>
      <a href={target}>Continue to the admin</a>
    </main>
  )
}
