import { Input, Label, Switch, Text } from "@medusajs/ui"
import { useId, type ReactNode } from "react"

/** A labelled control with an optional hint under it. */
export const Field = ({
  label,
  htmlFor,
  hint,
  required,
  children,
}: {
  label: string
  htmlFor?: string
  hint?: ReactNode
  required?: boolean
  children: ReactNode
}) => (
  <div className="flex flex-col gap-y-2">
    <Label htmlFor={htmlFor} size="small" weight="plus">
      {label}
      {required ? (
        <span aria-hidden="true" className="text-ui-fg-error">
          {" "}
          *
        </span>
      ) : null}
    </Label>
    {children}
    {hint ? (
      <Text size="xsmall" className="text-ui-fg-muted">
        {hint}
      </Text>
    ) : null}
  </div>
)

/** A switch in a card with its label and what it does; a locked switch stays as it is. */
export const SwitchField = ({
  label,
  description,
  checked,
  onChange,
  locked,
}: {
  label: string
  description?: string
  checked: boolean
  onChange: (checked: boolean) => void
  locked?: boolean
}) => {
  const id = useId()
  const descriptionId = useId()
  return (
    <div className="bg-ui-bg-component shadow-elevation-card-rest flex items-start gap-x-3 rounded-lg p-3">
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        disabled={locked}
        aria-describedby={description ? descriptionId : undefined}
      />
      <div className="flex flex-col">
        <Label htmlFor={id} size="small" weight="plus">
          {label}
        </Label>
        {description ? (
          <Text id={descriptionId} size="xsmall" className="text-ui-fg-muted">
            {description}
          </Text>
        ) : null}
      </div>
    </div>
  )
}

/** A colour: the browser's picker beside the hex text. */
export const ColorField = ({
  label,
  value,
  onChange,
}: {
  label: string
  value: string
  onChange: (value: string) => void
}) => {
  const id = useId()
  const valid = /^#[0-9a-fA-F]{6}$/.test(value)
  return (
    <Field label={label} htmlFor={id}>
      <div className="flex items-center gap-x-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={valid ? value : "#000000"}
          onChange={(e) => onChange(e.target.value)}
          className="h-8 w-12 cursor-pointer rounded-md border bg-transparent p-0.5"
        />
        <Input id={id} value={value} onChange={(e) => onChange(e.target.value)} className="font-mono" />
      </div>
    </Field>
  )
}
