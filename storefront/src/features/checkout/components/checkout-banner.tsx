/** The checkout page's banner (SPEC 2.7), drawn in CSS and SVG. */
export function CheckoutBanner() {
  return (
    <div className="checkout-banner" role="img" aria-label="Checkout: cash on delivery all over Bangladesh">
      <svg className="checkout-banner__art" viewBox="0 0 140 80" aria-hidden="true" focusable="false">
        <g fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" strokeLinecap="round">
          <path d="M10 20h70v40H10Zm70 12h24l16 16v12H80" />
          <circle cx="30" cy="64" r="8" />
          <circle cx="100" cy="64" r="8" />
        </g>
      </svg>
      <div className="checkout-banner__text">
        <p className="checkout-banner__title">Checkout</p>
        <p className="checkout-banner__lead">Fast delivery across Bangladesh</p>
      </div>
    </div>
  )
}
