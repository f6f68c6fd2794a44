import { Field, TextAreaField } from "@/components/ui/field"
import { DELIVERY_AREA_LABELS, deliveryAreaOf } from "@shop/contract"
import type { GuestDeliveryInfo } from "../utils/checkout"

type GuestDeliveryFormProps = {
  values: GuestDeliveryInfo
  onChange: (values: GuestDeliveryInfo) => void
}

const FIELDS = [
  { name: "guestName", label: "Full Name", placeholder: "Enter your full name", type: "text", autoComplete: "name" },
  { name: "guestEmail", label: "Email", placeholder: "Enter your email", type: "email", autoComplete: "email" },
  { name: "guestPhone", label: "Phone", placeholder: "Enter your phone number", type: "tel", autoComplete: "tel" },
  {
    name: "address",
    label: "Address",
    placeholder: "Enter your address",
    type: "text",
    autoComplete: "street-address",
  },
  { name: "city", label: "City", placeholder: "Enter your city", type: "text", autoComplete: "address-level2" },
  { name: "pincode", label: "Pincode", placeholder: "Enter your pincode", type: "text", autoComplete: "postal-code" },
] as const satisfies readonly { name: keyof GuestDeliveryInfo; [key: string]: string }[]

/** The guest's 'Delivery Information' (SPEC 2.7); checked when the order is placed. */
export function GuestDeliveryForm({ values, onChange }: GuestDeliveryFormProps) {
  const area = deliveryAreaOf(values.city)
  return (
    <section className="checkout-panel" aria-labelledby="delivery-information">
      <h2 id="delivery-information" className="checkout-panel__title">
        Delivery Information
      </h2>
      <div className="form" data-testid="guest-form">
        {FIELDS.map((field) => (
          <Field
            key={field.name}
            label={field.label}
            name={field.name}
            type={field.type}
            placeholder={field.placeholder}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            onChange={(event) => onChange({ ...values, [field.name]: event.target.value })}
          />
        ))}
        <TextAreaField
          label="Notes (optional)"
          name="notes"
          placeholder="Enter any additional notes"
          rows={2}
          value={values.notes}
          onChange={(event) => onChange({ ...values, notes: event.target.value })}
        />
        {values.city.trim() !== "" && (
          <p className="checkout-panel__hint" data-testid="delivery-area">
            Delivery area: {DELIVERY_AREA_LABELS[area]}
          </p>
        )}
      </div>
    </section>
  )
}
