import { Label, Select, Text } from "@medusajs/ui"
import type { CourierChoice, CourierProvider } from "@shop/contract"
import { useCourierChoices } from "../hooks/use-couriers"
import { courierChoiceText } from "../lib/couriers"
import { messageOr } from "../lib/errors"

type CourierSelectProps = {
  /** the trigger's id, for its label */
  id: string
  value: CourierProvider | ""
  onChange: (provider: CourierProvider) => void
  /** which of the shop's couriers to offer (all by default); one not set up is shown, not chosen */
  offer?: (choices: CourierChoice[]) => CourierChoice[]
}

/** The couriers the merchant can book with, labelled "Courier": the ones not set up say what they miss; a failed load says so. */
export const CourierSelect = ({ id, value, onChange, offer = (all) => all }: CourierSelectProps) => {
  const choices = useCourierChoices()
  return (
    <>
      <Label htmlFor={id} size="small" weight="plus">
        Courier
      </Label>
      <Select value={value} onValueChange={(v) => onChange(v as CourierProvider)} disabled={!choices.data}>
        <Select.Trigger id={id} aria-label="Courier">
          <Select.Value placeholder={choices.isPending ? "Loading couriers…" : "Choose a courier"} />
        </Select.Trigger>
        <Select.Content>
          {offer(choices.data ?? []).map((choice) => (
            <Select.Item key={choice.provider} value={choice.provider} disabled={!choice.configured}>
              {courierChoiceText(choice)}
            </Select.Item>
          ))}
        </Select.Content>
      </Select>
      {choices.isError ? (
        <Text size="small" className="text-ui-fg-error">
          {messageOr(choices.error, "Failed to load the couriers")}
        </Text>
      ) : null}
    </>
  )
}
