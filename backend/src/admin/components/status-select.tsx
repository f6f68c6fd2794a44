import { Label, Select } from "@medusajs/ui"
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from "@shop/contract"

type StatusSelectProps = {
  id: string
  label: string
  placeholder: string
  value: OrderStatus | ""
  onChange: (status: OrderStatus) => void
}

/** The five statuses (SPEC.md section 4) to choose from, with their label: one order's form and the bulk change. */
export const StatusSelect = ({ id, label, placeholder, value, onChange }: StatusSelectProps) => (
  <>
    <Label htmlFor={id} size="small" weight="plus">
      {label}
    </Label>
    <Select value={value} onValueChange={(v) => onChange(v as OrderStatus)}>
      <Select.Trigger id={id} aria-label={label}>
        <Select.Value placeholder={placeholder} />
      </Select.Trigger>
      <Select.Content>
        {ORDER_STATUSES.map((s) => (
          <Select.Item key={s} value={s}>
            {ORDER_STATUS_LABELS[s]}
          </Select.Item>
        ))}
      </Select.Content>
    </Select>
  </>
)
