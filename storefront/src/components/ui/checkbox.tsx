import type { InputHTMLAttributes, ReactNode } from "react"

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: ReactNode }

export function Checkbox({ label, className, ...props }: CheckboxProps) {
  return (
    <label className={["checkbox", className].filter(Boolean).join(" ")}>
      <input type="checkbox" {...props} />
      <span>{label}</span>
    </label>
  )
}
