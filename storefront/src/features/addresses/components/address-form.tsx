import type { FormEvent } from "react"
import { Button } from "@/components/ui/button"
import { Field, TextAreaField } from "@/components/ui/field"
import type { AddressFields } from "@shop/contract"
import { ADDRESS_FIELDS, isAddressComplete } from "../utils/address-form"

type AddressFormProps = {
  mode: "add" | "edit"
  values: AddressFields
  onChange: (values: AddressFields) => void
  onSubmit: () => void
  onCancel?: () => void
  pending?: boolean
}

/** Add mode by default; edit mode reads 'Edit Address' / 'Update Address' (SPEC 2.8). */
export function AddressForm({ mode, values, onChange, onSubmit, onCancel, pending = false }: AddressFormProps) {
  const title = mode === "edit" ? "Edit Address" : "Add New Address"

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (isAddressComplete(values)) onSubmit()
  }

  return (
    <form className="address-form form" aria-label={title} onSubmit={submit}>
      <h3 className="address-form__title">{title}</h3>
      {ADDRESS_FIELDS.map((field) => {
        const common = {
          label: field.label,
          name: field.name,
          placeholder: field.placeholder,
          autoComplete: field.autoComplete,
          required: true,
          value: values[field.name],
        }
        return field.type === "textarea" ? (
          <TextAreaField
            key={field.name}
            {...common}
            rows={2}
            onChange={(event) => onChange({ ...values, [field.name]: event.target.value })}
          />
        ) : (
          <Field
            key={field.name}
            {...common}
            type={field.type}
            onChange={(event) => onChange({ ...values, [field.name]: event.target.value })}
          />
        )
      })}
      <div className="address-form__actions">
        <Button type="submit" disabled={!isAddressComplete(values) || pending}>
          {mode === "edit" ? "Update Address" : "Add Address"}
        </Button>
        {mode === "edit" && onCancel && (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}
