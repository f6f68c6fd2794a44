import { useEffect, useId, useRef, useState } from "react"
import { Link } from "react-router-dom"
import { buttonClass } from "@/components/ui/button"
import { toast } from "@/components/ui/toast"
import { displayName, useLogout, useUser } from "@/lib/auth"

/** A Login button for guests, else the account menu with Profile and Logout (SPEC 2.4). */
export function UserMenu() {
  const user = useUser().data
  const logout = useLogout()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const rootRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    function onPointer(event: MouseEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape") setOpen(false)
    }
    document.addEventListener("mousedown", onPointer)
    document.addEventListener("keydown", onKey)
    return () => {
      document.removeEventListener("mousedown", onPointer)
      document.removeEventListener("keydown", onKey)
    }
  }, [open])

  if (!user) {
    return (
      <Link to="/auth/login" className={buttonClass("primary")}>
        Login
      </Link>
    )
  }

  const name = displayName(user)

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        type="button"
        className="user-menu__trigger"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${name}`}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {name.trim().charAt(0).toUpperCase() || "?"}
        </span>
      </button>
      {open && (
        <div id={menuId} className="user-menu__panel">
          <p className="user-menu__name">Signed in as {name}</p>
          <Link to="/profile" className="user-menu__item" onClick={() => setOpen(false)}>
            Profile
          </Link>
          <button
            type="button"
            className="user-menu__item"
            disabled={logout.isPending}
            onClick={() =>
              logout.mutate(undefined, {
                onSuccess: (body) => {
                  setOpen(false)
                  toast({ title: body.message || "Logged out successfully!", variant: "success" })
                },
                onError: () => toast({ title: "Logout failed", variant: "destructive" }),
              })
            }
          >
            Logout
          </button>
        </div>
      )}
    </div>
  )
}
