import { Badge, Text } from "@medusajs/ui"
import { formatDateTime, type ConfirmationLogEntry, type RiskLevel } from "@shop/contract"
import {
  callLog,
  historyLine,
  outcomeColor,
  outcomeLabel,
  RISK_BADGE_COLORS,
  RISK_LABELS,
  type OrderRiskView,
} from "../lib/guard"
import { Section } from "./detail-section"

/** The order's risk in its colour: high red, medium orange, low green. */
export const RiskBadge = ({ level, size = "2xsmall" }: { level: RiskLevel; size?: "2xsmall" | "xsmall" | "small" }) => (
  <Badge
    size={size}
    color={RISK_BADGE_COLORS[level]}
    className="whitespace-nowrap"
    data-testid="risk-badge"
    data-level={level}
  >
    {RISK_LABELS[level]}
  </Badge>
)

/** Why the guard judged so, one reason a line. */
export const RiskReasons = ({ reasons }: { reasons: string[] }) =>
  reasons.length ? (
    <ul className="flex list-disc flex-col gap-y-0.5 pl-5" data-testid="risk-reasons">
      {reasons.map((reason) => (
        <li key={reason}>
          <Text size="small">{reason}</Text>
        </li>
      ))}
    </ul>
  ) : null

/** The calls made about an order, newest first. */
export const CallLog = ({ entries }: { entries: ConfirmationLogEntry[] | null | undefined }) => {
  const log = callLog(entries)
  if (!log.length) {
    return (
      <Text size="small" className="text-ui-fg-muted" data-testid="call-log-empty">
        No calls yet
      </Text>
    )
  }
  return (
    <ol className="flex flex-col gap-y-1.5" data-testid="call-log">
      {log.map((entry, index) => (
        <li
          key={`${entry.at}-${index}`}
          className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5"
          data-testid="call-log-entry"
        >
          <Badge size="2xsmall" color={outcomeColor(entry.outcome)}>
            {outcomeLabel(entry.outcome)}
          </Badge>
          <Text size="xsmall" className="text-ui-fg-muted">
            {formatDateTime(entry.at)}
            {entry.via && VIA_LABELS[entry.via] ? ` · ${VIA_LABELS[entry.via]}` : ""}
          </Text>
          {entry.note ? (
            <Text size="small" className="w-full break-words">
              {entry.note}
            </Text>
          ) : null}
        </li>
      ))}
    </ol>
  )
}

/** The shopper typed the code sent by SMS to the order's phone (it released the hold without a call). */
export const PhoneVerifiedBadge = () => (
  <Badge size="2xsmall" color="green" data-testid="phone-verified">
    Phone verified
  </Badge>
)

const VIA_LABELS = { call: null, bkash: "by bKash payment", sms_code: "by the code sent by SMS" } as const

/** The order dialog's risk block: the badge, a held order's notice, the reasons, the phone's history and the calls. */
export const RiskSection = ({ risk }: { risk: OrderRiskView }) => (
  <Section title="Order risk" testId="risk-section" aside={<RiskBadge level={risk.level} />}>
    {risk.needsConfirmation ? (
      <Text size="small" weight="plus" className="text-ui-fg-error" data-testid="needs-confirmation">
        Waiting for a confirmation call
      </Text>
    ) : null}
    {risk.phoneVerified ? (
      <div className="flex items-center gap-x-2">
        <PhoneVerifiedBadge />
        <Text size="small">The shopper typed the code sent by SMS: no call needed</Text>
      </div>
    ) : null}
    <RiskReasons reasons={risk.reasons} />
    <Text size="xsmall" className="text-ui-fg-subtle">
      {historyLine(risk)}
    </Text>
    <div className="flex flex-col gap-y-1.5">
      <Text size="xsmall" className="text-ui-fg-muted uppercase tracking-wide">
        Calls
      </Text>
      <CallLog entries={risk.confirmations} />
    </div>
  </Section>
)
