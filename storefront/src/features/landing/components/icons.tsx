import type { ReactNode } from "react"
import type { TrustBadgeKind } from "../utils/page"

function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  )
}

export function PhoneIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
    </Icon>
  )
}

export function ChevronIcon({ direction }: { direction: "left" | "right" }) {
  return <Icon size={22}>{direction === "left" ? <path d="m15 18-6-6 6-6" /> : <path d="m9 18 6-6-6-6" />}</Icon>
}

export function TruckIcon() {
  return (
    <Icon>
      <path d="M1 4h14v12H1zM15 9h4l4 4v3h-8z" />
      <circle cx="6" cy="18.5" r="2" />
      <circle cx="18" cy="18.5" r="2" />
    </Icon>
  )
}

export function ShieldIcon() {
  return (
    <Icon>
      <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z" />
      <path d="m9 12 2 2 4-4" />
    </Icon>
  )
}

export function CashIcon() {
  return (
    <Icon>
      <rect x="2" y="6" width="20" height="12" rx="2" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M6 12h.01M18 12h.01" />
    </Icon>
  )
}

export function CheckIcon() {
  return (
    <Icon size={40}>
      <circle cx="12" cy="12" r="10" />
      <path d="m8 12 3 3 5-6" />
    </Icon>
  )
}

export function TrustBadgeIcon({ kind }: { kind: TrustBadgeKind }) {
  switch (kind) {
    case "free-delivery":
      return <TruckIcon />
    case "money-back":
      return <ShieldIcon />
    case "cash-on-delivery":
      return <CashIcon />
    default:
      return null
  }
}
