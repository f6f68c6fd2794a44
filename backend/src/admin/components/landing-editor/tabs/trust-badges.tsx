import { Input } from "@medusajs/ui"
import { useId } from "react"
import { Field, SwitchField } from "../fields"
import { Card, patch, type TabProps } from "./shared"

// one comma-separated line rather than a RepeatableList: merchants type the badges as a sentence
export const TrustBadgesCard = ({ state, setState }: TabProps) => {
  const badges = patch(setState, "trustBadges")
  const id = useId()
  return (
    <Card title="Trust Badges">
      <SwitchField
        label="Show Trust Badges"
        checked={state.trustBadges.showTrustBadges}
        onChange={(showTrustBadges) => badges({ showTrustBadges })}
      />
      <Field label="Badges" htmlFor={id} hint="Separate badges with commas">
        <Input
          id={id}
          placeholder="Cash on Delivery, Money Back Guarantee"
          value={state.trustBadges.badgesText}
          onChange={(e) => badges({ badgesText: e.target.value })}
        />
      </Field>
    </Card>
  )
}
