import { SwitchField } from "../fields"
import { Card, patch, type TabProps } from "./shared"

/** Why the phone and address switches cannot be turned off. */
const COD_FIELD_HINT = "Required for cash-on-delivery orders"

export const OrderFormCard = ({ state, setState }: TabProps) => {
  const form = patch(setState, "orderForm")
  return (
    <Card title="Order Form">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SwitchField
          label="Show Order Form"
          checked={state.orderForm.showOrderForm}
          onChange={(showOrderForm) => form({ showOrderForm })}
        />
        {/* always asked: the page's orders are cash on delivery (@shop/contract withAlwaysAskedFields) */}
        <SwitchField label="Show Phone Field" description={COD_FIELD_HINT} checked locked onChange={() => {}} />
        <SwitchField label="Show Address Fields" description={COD_FIELD_HINT} checked locked onChange={() => {}} />
        <SwitchField
          label="Show Email Field"
          checked={state.orderForm.showEmailField}
          onChange={(showEmailField) => form({ showEmailField })}
        />
      </div>
    </Card>
  )
}
