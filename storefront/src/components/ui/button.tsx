import type { ButtonHTMLAttributes } from "react"

export type ButtonVariant = "primary" | "outline" | "ghost"

/** Class names of a button, also for links that look like buttons. */
export function buttonClass(variant: ButtonVariant = "primary", extra?: string): string {
  return ["btn", `btn--${variant}`, extra].filter(Boolean).join(" ")
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }

export function Button({ variant = "primary", className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />
}
