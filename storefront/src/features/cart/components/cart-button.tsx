import { useState } from "react"
import { useNavigate } from "react-router-dom"
import { Badge } from "@/components/ui/badge"
import { Button, buttonClass } from "@/components/ui/button"
import { Dialog } from "@/components/ui/dialog"
import { useCart } from "../hooks/use-cart"
import { CartItems } from "./cart-items"

function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M6 6h15l-1.5 9h-12zM6 6 5 3H2M9 20a1 1 0 1 0 0-.01M18 20a1 1 0 1 0 0-.01"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/** The header's cart button with its item-count badge, and the cart drawer it opens (SPEC 2.4). */
export function CartButton() {
  const cart = useCart()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const count = cart.count

  return (
    <>
      <button
        type="button"
        className={buttonClass("ghost", "cart-button")}
        aria-label={`Cart, ${count} ${count === 1 ? "item" : "items"}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <CartIcon />
        <Badge tone="count" className="cart-button__count" data-testid="cart-count">
          {count}
        </Badge>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Your Cart" side="right" className="cart-drawer">
        <CartItems cart={cart} />
        <Button
          className="cart-drawer__checkout"
          onClick={() => {
            setOpen(false)
            navigate("/checkout")
          }}
        >
          Checkout
        </Button>
      </Dialog>
    </>
  )
}
