import { Select } from "@medusajs/ui"
import { useId } from "react"
import { FONT_FAMILIES, type FontFamily } from "#app/admin/lib/landing-pages"
import { ColorField, Field } from "../fields"
import { Card, patch, type TabProps } from "./shared"

export const StylingTab = ({ state, setState }: TabProps) => {
  const set = patch(setState, "styling")
  const fontId = useId()
  return (
    <Card title="Styling">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <ColorField
          label="Primary Color"
          value={state.styling.primaryColor}
          onChange={(primaryColor) => set({ primaryColor })}
        />
        <ColorField
          label="Accent Color"
          value={state.styling.accentColor}
          onChange={(accentColor) => set({ accentColor })}
        />
      </div>
      <Field label="Font Family" htmlFor={fontId}>
        <Select value={state.styling.fontFamily} onValueChange={(v) => set({ fontFamily: v as FontFamily })}>
          <Select.Trigger id={fontId} aria-label="Font Family">
            <Select.Value />
          </Select.Trigger>
          <Select.Content>
            {FONT_FAMILIES.map((f) => (
              <Select.Item key={f} value={f}>
                {f}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
      </Field>
    </Card>
  )
}
