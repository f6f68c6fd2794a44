import { lazy, Suspense } from "react"
import { formatMoney, type BkashStatus } from "@shop/contract"
import { BN } from "../utils/bn"
import type { ConfirmationView } from "../utils/confirmation"
import { isImageUrl } from "../utils/page"
import { BkashPaidLines } from "./bkash-paid"
import { CheckIcon } from "./icons"
import { SupportPhoneLink } from "./support"

// only a held order's confirmation loads it (the landing page's budget: e2e/landing-budget.spec.ts)
const PhoneCheckPanel = lazy(() => import("./phone-check"))

function HomeLink() {
  return (
    <a href="/" className="landing-cta">
      {BN.backHome}
    </a>
  )
}

/**
 * /order-confirmation (SPEC 2.9), in Bengali; `order` null: nothing was
 * passed. `payment`: an order paid by bKash (the page the shopper comes back
 * to from bKash), with what was paid and what is left for the courier.
 */
export function OrderConfirmation({
  order,
  payment,
}: {
  order: ConfirmationView | null
  payment?: { status: BkashStatus; title: string; text: string; method: string }
}) {
  if (!order) {
    return (
      <main className="confirmation" lang="bn">
        <div className="confirmation__card confirmation__card--empty">
          <h1 className="confirmation__title">{BN.orderNotFound}</h1>
          <p className="confirmation__text">{BN.orderNotFoundText}</p>
          <HomeLink />
        </div>
      </main>
    )
  }

  const details = [
    { label: BN.customerName, value: order.customerName },
    { label: BN.customerPhone, value: order.customerPhone },
    { label: BN.customerEmail, value: order.customerEmail },
    { label: BN.customerAddress, value: order.customerAddress },
    { label: BN.deliveryArea, value: order.deliveryArea },
  ].filter((row) => row.value !== "")

  return (
    <main className="confirmation" lang="bn">
      <div className="confirmation__card">
        <header className="confirmation__header">
          <span className="confirmation__icon">
            <CheckIcon />
          </span>
          <h1 className="confirmation__title">{payment?.title ?? BN.confirmationTitle}</h1>
          <span className="confirmation__badge" data-testid="confirmation-badge">
            {BN.orderConfirmed}
          </span>
          <p className="confirmation__text">{payment?.text ?? BN.confirmationText}</p>
          <p className="confirmation__number">
            {BN.orderNumber}: <strong data-testid="order-number">{order.orderNumber}</strong>
          </p>
        </header>

        {order.phoneCheck && (
          <Suspense fallback={null}>
            <PhoneCheckPanel initial={order.phoneCheck} />
          </Suspense>
        )}

        {details.length > 0 && (
          <section className="confirmation__section" aria-labelledby="confirmation-customer">
            <h2 id="confirmation-customer" className="confirmation__heading">
              {BN.customerInfo}
            </h2>
            <dl className="confirmation__details">
              {details.map((row) => (
                <div key={row.label} className="confirmation__detail">
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}

        <section className="confirmation__section" aria-labelledby="confirmation-items">
          <h2 id="confirmation-items" className="confirmation__heading">
            {BN.orderedItems}
          </h2>
          <ul className="confirmation__items">
            {order.items.map((item) => (
              <li key={item.key} className="confirmation__item" data-testid="confirmation-item">
                {/* the order's answer carries the lines' pictures, the confirmation's state (the spec's shape) does not */}
                {isImageUrl(item.image) && (
                  <img src={item.image} alt="" className="confirmation__item-image" loading="lazy" decoding="async" />
                )}
                <div className="confirmation__item-body">
                  <p className="confirmation__item-title">{item.title}</p>
                  <p className="confirmation__item-meta">
                    {BN.quantityTimes(item.quantity)} × {formatMoney(item.price)}
                  </p>
                </div>
                <p className="confirmation__item-total">{formatMoney(item.price * item.quantity)}</p>
              </li>
            ))}
          </ul>
          <dl className="landing-summary">
            <div className="landing-summary__row">
              <dt>{BN.productTotal}</dt>
              <dd data-testid="confirmation-product-total">{formatMoney(order.productTotal)}</dd>
            </div>
            <div className="landing-summary__row">
              <dt>{BN.deliveryCharge}</dt>
              <dd data-testid="confirmation-delivery">{formatMoney(order.deliveryCharge)}</dd>
            </div>
            <div className="landing-summary__row landing-summary__row--total">
              <dt>{BN.total}</dt>
              <dd data-testid="confirmation-total">{formatMoney(order.totalAmount)}</dd>
            </div>
          </dl>
        </section>

        <footer className="confirmation__footer">
          <p>
            {BN.supportLine}: <SupportPhoneLink />
          </p>
          <p className="confirmation__payment">
            {BN.paymentMethod}: {payment?.method ?? BN.cashOnDelivery}
          </p>
          {payment && <BkashPaidLines status={payment.status} />}
          <HomeLink />
        </footer>
      </div>
    </main>
  )
}
