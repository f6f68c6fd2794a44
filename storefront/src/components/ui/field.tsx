import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from "react"

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string }

/** A labelled text input. */
export function Field({ label, className, id, ...props }: FieldProps) {
  const generated = useId()
  const inputId = id ?? generated
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input id={inputId} className="field__input" {...props} />
    </div>
  )
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }

export function TextAreaField({ label, className, id, ...props }: TextAreaFieldProps) {
  const generated = useId()
  const inputId = id ?? generated
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <textarea id={inputId} className="field__input field__input--multiline" {...props} />
    </div>
  )
}
