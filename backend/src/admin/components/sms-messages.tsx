import { Badge, Text } from "@medusajs/ui"
import { formatMoney, SMS_EVENT_LABELS, type SmsEvent, type SmsMessageState, type SmsMessageView } from "@shop/contract"
import { Section } from "./detail-section"

const STATE_COLORS: Record<SmsMessageState, "green" | "orange" | "red" | "grey"> = {
  sent: "green",
  pending: "orange",
  refused: "red",
  failed: "red",
}
const STATE_LABELS: Record<SmsMessageState, string> = {
  sent: "Sent",
  pending: "Will retry",
  refused: "Refused",
  failed: "Given up",
}

/** An event's name; a held order's code (its text shows the code hidden) and the merchant's tests by theirs. */
const eventLabel = (event: string): string =>
  event === "phone_code"
    ? "Phone code (hidden)"
    : event.startsWith("test:")
      ? `Test: ${eventLabel(event.slice(5))}`
      : (SMS_EVENT_LABELS[event as SmsEvent] ?? event)

/**
 * The order dialog's text messages: each with its event, state, text, parts,
 * the gateway's own words about its last attempt and what it cost.
 */
export const SmsMessagesSection = ({ messages }: { messages: SmsMessageView[] }) => (
  <Section title="Text messages" testId="sms-messages">
    <ul className="flex flex-col gap-3">
      {messages.map((m) => (
        <li key={m.id} data-testid="sms-message" data-event={m.event} className="flex flex-col gap-1">
          <div className="flex items-center gap-2">
            <Text size="small" weight="plus">
              {eventLabel(m.event)}
            </Text>
            <Badge size="2xsmall" color={STATE_COLORS[m.state]} data-testid="sms-state" data-state={m.state}>
              {STATE_LABELS[m.state]}
            </Badge>
          </div>
          <Text size="small" className="break-words" lang="bn">
            {m.text}
          </Text>
          <Text size="xsmall" className="text-ui-fg-muted">
            {m.parts} part{m.parts === 1 ? "" : "s"} · {m.attempts} attempt{m.attempts === 1 ? "" : "s"}
            {m.cost !== null ? ` · ${formatMoney(m.cost, { decimals: 2 })}` : ""}
            {m.answer ? ` · ${m.answer}` : ""}
            {m.delivery ? ` · Delivery: ${m.delivery}` : ""}
          </Text>
        </li>
      ))}
    </ul>
  </Section>
)
