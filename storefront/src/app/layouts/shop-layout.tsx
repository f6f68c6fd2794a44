import { Link, NavLink, Outlet } from "react-router-dom"
import { CartButton } from "@/features/cart/components/cart-button"
import { config } from "@/lib/config"
import { CATEGORY_CHOICES, DEFAULT_SORT } from "@shop/contract"
import { useOverflowEdges } from "./use-overflow-edges"
import { UserMenu } from "./user-menu"

const NAV_LINKS = [
  { to: "/", label: "Home", end: true },
  { to: "/shop/list", label: "Products", end: false },
] as const

function ShopHeader() {
  const [navRef, more] = useOverflowEdges<HTMLElement>()
  return (
    <header className="shop-header">
      <div className="shop-header__inner">
        <Link to="/" className="shop-header__brand">
          {config.shopName}
        </Link>
        <nav
          ref={navRef}
          className="shop-header__nav"
          aria-label="Main"
          data-more-left={more.left || undefined}
          data-more-right={more.right || undefined}
        >
          {NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end}
              className={({ isActive }) => (isActive ? "nav-link is-active" : "nav-link")}
            >
              {link.label}
            </NavLink>
          ))}
          {CATEGORY_CHOICES.map((category) => (
            <Link
              key={category.id}
              to={`/shop/list?category=${category.id}&sortBy=${DEFAULT_SORT}`}
              className="nav-link"
            >
              {category.label}
            </Link>
          ))}
        </nav>
        <div className="shop-header__actions">
          <CartButton />
          <UserMenu />
        </div>
      </div>
    </header>
  )
}

export function ShopLayout() {
  return (
    <div className="shop-layout">
      <ShopHeader />
      <main className="shop-main">
        <Outlet />
      </main>
    </div>
  )
}
