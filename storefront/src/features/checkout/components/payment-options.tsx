import {
  DELIVERY_CHARGE,
  formatMoney,
  PAYMENT_METHOD_LABELS,
  paymentSplit,
  type DeliveryArea,
  type PaymentMethod,
} from "@shop/contract"

type PaymentOptionsProps = {
  /** the ways this order may be paid (the contract's paymentChoices), the chosen one among them */
  choices: readonly PaymentMethod[]
  value: PaymentMethod
  onChange: (method: PaymentMethod) => void
  /** the cart's total without delivery, and the delivery area once the address says it */
  subtotal: number
  deliveryArea: DeliveryArea | null
  disabled: boolean
}

/** What a way asks now by bKash and at the door (the delivery charge known once the address gives the city). */
export function paymentHint(method: PaymentMethod, subtotal: number, area: DeliveryArea | null): string {
  if (method === "cod") return "Pay in cash when the parcel arrives"
  if (!area)
    return method === "bkash_full" ? "Pay the whole order now by bKash" : "Pay the delivery charge now by bKash"
  const { dueNow, dueOnDelivery } = paymentSplit(method, subtotal + DELIVERY_CHARGE[area], DELIVERY_CHARGE[area])
  const now = `${formatMoney(dueNow)} now by bKash`
  return dueOnDelivery > 0 ? `${now}, ${formatMoney(dueOnDelivery)} on delivery` : now
}

/** The checkout's ways to pay (a single way shows as the only choice). */
export function PaymentOptions({ choices, value, onChange, subtotal, deliveryArea, disabled }: PaymentOptionsProps) {
  return (
    <fieldset className="checkout-payment" disabled={disabled} data-testid="payment-options">
      <legend className="checkout-panel__title">Payment</legend>
      {choices.map((method) => (
        <label key={method} className="checkout-payment__option">
          <input
            type="radio"
            name="paymentMethod"
            value={method}
            checked={value === method}
            onChange={() => onChange(method)}
          />
          <span>
            {PAYMENT_METHOD_LABELS[method]}
            <span className="checkout-panel__hint checkout-payment__hint">
              {paymentHint(method, subtotal, deliveryArea)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
