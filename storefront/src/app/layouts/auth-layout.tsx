import { Link, Outlet } from "react-router-dom"
import { config } from "@/lib/config"

const SELLING_POINTS = [
  "Clothing, footwear and accessories from the brands you love",
  "Cash on delivery all over Bangladesh",
  "Easy returns and exchange",
  "Secure checkout",
] as const

/** Two columns: the welcome message with selling points, and the form (SPEC 2.3). */
export function AuthLayout() {
  return (
    <div className="auth-layout">
      <section className="auth-layout__welcome" aria-label={`Welcome to ${config.shopName}`}>
        <Link to="/" className="auth-layout__brand">
          {config.shopName}
        </Link>
        <h2 className="auth-layout__title">Welcome to {config.shopName}</h2>
        <p className="auth-layout__lead">Sign in to keep your cart, your addresses and your orders in one place.</p>
        <ul className="auth-layout__points">
          {SELLING_POINTS.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </section>
      <main className="auth-layout__main">
        <Outlet />
      </main>
    </div>
  )
}
