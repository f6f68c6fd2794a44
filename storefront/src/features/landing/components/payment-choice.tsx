import { formatMoney, paymentSplit, type PaymentMethod } from "@shop/contract"
import { BN } from "../utils/bn"

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
export function PaymentChoice({ choices, value, onChange, total, deliveryCharge, disabled }: PaymentChoiceProps) {
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
            {BN.paymentMethods[method]}
            <span className="landing-choice__hint" data-testid={`payment-hint-${method}`}>
              {hint(method, total, deliveryCharge)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
