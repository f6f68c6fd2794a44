import type { HTMLAttributes } from "react"

export type BadgeTone = "neutral" | "sale" | "count" | "success" | "warning" | "danger" | "info"

type BadgeProps = HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }

export function Badge({ tone = "neutral", className, ...props }: BadgeProps) {
  return <span className={["badge", `badge--${tone}`, className].filter(Boolean).join(" ")} {...props} />
}
