import { Input, Textarea } from "@medusajs/ui"
import { DEFAULT_BENEFIT_ICON } from "#app/admin/lib/landing-pages"
import { RepeatableList } from "../repeatable-list"
import { Card, type TabProps } from "./shared"

export const BenefitsTab = ({ state, setState }: TabProps) => (
  <Card title="Benefits">
    <RepeatableList
      label="Benefit"
      emptyText="No benefits yet."
      testId="benefit"
      items={state.benefits}
      setItems={(update) => setState((s) => ({ ...s, benefits: update(s.benefits) }))}
      newItem={() => ({ icon: DEFAULT_BENEFIT_ICON, title: "", description: "" })}
    >
      {(benefit, update) => (
        <>
          <div className="grid grid-cols-[80px_1fr] gap-2">
            <Input aria-label="Icon" value={benefit.icon} onChange={(e) => update({ icon: e.target.value })} />
            <Input
              aria-label="Benefit title"
              placeholder="Title"
              value={benefit.title}
              onChange={(e) => update({ title: e.target.value })}
            />
          </div>
          <Textarea
            aria-label="Benefit description"
            placeholder="Description"
            value={benefit.description}
            onChange={(e) => update({ description: e.target.value })}
          />
        </>
      )}
    </RepeatableList>
  </Card>
)
