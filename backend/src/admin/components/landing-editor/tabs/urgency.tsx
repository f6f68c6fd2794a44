import { Input } from "@medusajs/ui"
import { useId } from "react"
import { Field, SwitchField } from "../fields"
import { Card, patch, type TabProps } from "./shared"

export const UrgencyCard = ({ state, setState }: TabProps) => {
  const urgency = patch(setState, "urgency")
  const ids = { countdown: useId(), stock: useId() }
  return (
    <Card title="Urgency">
      <SwitchField
        label="Show Countdown"
        checked={state.urgency.showCountdown}
        onChange={(showCountdown) => urgency({ showCountdown })}
      />
      <Field label="Countdown End Date" htmlFor={ids.countdown}>
        <Input
          id={ids.countdown}
          type="datetime-local"
          value={state.urgency.countdownEndDate}
          onChange={(e) => urgency({ countdownEndDate: e.target.value })}
        />
      </Field>
      <SwitchField
        label="Show Stock Count"
        checked={state.urgency.showStockCount}
        onChange={(showStockCount) => urgency({ showStockCount })}
      />
      <Field label="Stock Count" htmlFor={ids.stock}>
        <Input
          id={ids.stock}
          type="number"
          min={0}
          step={1}
          value={state.urgency.stockCount}
          onChange={(e) => urgency({ stockCount: e.target.value })}
        />
      </Field>
    </Card>
  )
}
