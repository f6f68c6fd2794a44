import { Link, NavLink, Outlet } from 'react-router-dom';

import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { config } from '@/lib/config';

const NAV_LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/shop/list', label: 'Products', end: false },
] as const;

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
  );
}

function ShopHeader() {
  // The cart feature replaces this with the real count and its drawer.
  const cartCount: number = 0;

  return (
    <header className="shop-header">
      <div className="shop-header__inner">
        <Link to="/" className="shop-header__brand">
          {config.shopName}
        </Link>
        <nav className="shop-header__nav" aria-label="Main">
          {NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end}
              className={({ isActive }) => (isActive ? 'nav-link is-active' : 'nav-link')}
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="shop-header__actions">
          <button
            type="button"
            className={buttonClass('ghost', 'cart-button')}
            aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
          >
            <CartIcon />
            <Badge tone="count" className="cart-button__count" data-testid="cart-count">
              {cartCount}
            </Badge>
          </button>
          <Link to="/auth/login" className={buttonClass('primary')}>
            Login
          </Link>
        </div>
      </div>
    </header>
  );
}

export function ShopLayout() {
  return (
    <div className="shop-layout">
      <ShopHeader />
      <main className="shop-main">
        <Outlet />
      </main>
    </div>
  );
}
