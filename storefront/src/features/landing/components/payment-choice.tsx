import { getPaymentOptions } from "@/lib/bkash"
import { formatMoney, PAYMENT_METHOD_LABELS_BN, paymentChoices, paymentSplit, type PaymentMethod } from "@shop/contract"
import { BN } from "../utils/bn"

/**
 * The landing form's ways to pay, loaded as its own chunk once the shopper
 * starts on the form (order-form.tsx): the page's first paint and its script
 * budget stay those of a cash-on-delivery page. Reads the shop's options and
 * answers the ways an order to an area may be paid (the contract's one rule).
 */
export async function loadPaymentChoices(signal: AbortSignal) {
  const options = await getPaymentOptions({ signal })
  return (area: "dhaka" | "outside"): PaymentMethod[] => paymentChoices(options, area)
}

type PaymentChoiceProps = {
  /** the ways this order may be paid (the contract's paymentChoices), the chosen one among them */
  choices: readonly PaymentMethod[]
  value: PaymentMethod
  onChange: (method: PaymentMethod) => void
  total: number
  deliveryCharge: number
  disabled: boolean
}

/** What each way asks now by bKash and at the door, in Bengali, before the shopper pays anything. */
function hint(method: PaymentMethod, total: number, deliveryCharge: number): string {
  if (method === "cod") return BN.cashOnDeliveryNote
  const { dueNow, dueOnDelivery } = paymentSplit(method, total, deliveryCharge)
  const now = `${BN.dueNowByBkash}: ${formatMoney(dueNow)}`
  return dueOnDelivery > 0 ? `${now}, ${BN.dueOnDelivery}: ${formatMoney(dueOnDelivery)}` : now
}

/** The landing order form's ways to pay: cash on delivery, and bKash in full or the delivery charge in advance. */
export default function PaymentChoice({
  choices,
  value,
  onChange,
  total,
  deliveryCharge,
  disabled,
}: PaymentChoiceProps) {
  return (
    <fieldset className="landing-field landing-choice" disabled={disabled} data-testid="payment-choice">
      <legend>{BN.paymentMethod}</legend>
      {choices.map((method) => (
        <label key={method} className="landing-choice__option">
          <input
            type="radio"
            name="paymentMethod"
            value={method}
            checked={value === method}
            onChange={() => onChange(method)}
            readOnly={choices.length === 1}
          />
          <span>
            {PAYMENT_METHOD_LABELS_BN[method]}
            <span className="landing-choice__hint" data-testid={`payment-hint-${method}`}>
              {hint(method, total, deliveryCharge)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
