import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ChatBubbleLeftRight } from "@medusajs/icons"
import {
  Badge,
  Button,
  Container,
  Heading,
  Input,
  Label,
  Select,
  Skeleton,
  Switch,
  Table,
  Text,
  Textarea,
  toast,
} from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import {
  formatMoney,
  SMS_EVENT_LABELS,
  SMS_EVENTS,
  SMS_PLACEHOLDERS,
  SMS_TEMPLATE_MAX,
  type SmsDay,
  type SmsEvent,
  type SmsTemplateView,
} from "@shop/contract"
import { Page, PageHeader } from "../../components/page-header"
import { useSaveSmsTemplates, useSendTestSms, useSmsOverview } from "../../hooks/use-sms"
import { messageOr } from "../../lib/errors"
import { smsTemplateCount, smsTemplatesChanged, type SmsTemplateForm } from "../../lib/sms"

/** One event's words, its switch, and the live count of what a typical order's message takes. */
const TemplateField = ({
  template,
  value,
  onChange,
}: {
  template: SmsTemplateView
  value: SmsTemplateForm
  onChange: (next: SmsTemplateForm) => void
}) => {
  const id = `sms-template-${template.event}`
  const count = smsTemplateCount(value.text)
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="sms-template" data-event={template.event}>
      <div className="flex items-center justify-between gap-x-3">
        <Label htmlFor={id} size="small" weight="plus">
          {template.label}
        </Label>
        <div className="flex items-center gap-x-2">
          <Label htmlFor={`${id}-on`} size="xsmall" className="text-ui-fg-subtle">
            {value.enabled ? "Sends" : "Off"}
          </Label>
          <Switch
            id={`${id}-on`}
            aria-label={`Send "${template.label}"`}
            checked={value.enabled}
            onCheckedChange={(enabled) => onChange({ ...value, enabled })}
          />
        </div>
      </div>
      <Textarea
        id={id}
        lang="bn"
        rows={3}
        maxLength={SMS_TEMPLATE_MAX}
        value={value.text}
        disabled={!value.enabled}
        onChange={(event) => onChange({ ...value, text: event.target.value })}
        aria-describedby={`${id}-count`}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Text
          id={`${id}-count`}
          size="xsmall"
          className={count.parts > 1 ? "text-ui-fg-interactive" : "text-ui-fg-subtle"}
          data-testid="sms-count"
          aria-live="polite"
        >
          {count.units} / {count.perPart * Math.max(1, count.parts)} characters · {count.parts} part
          {count.parts === 1 ? "" : "s"}
          {count.encoding === "ucs2" ? " (Bengali or other Unicode: 70 a part, 67 when split)" : " (160 a part)"}
        </Text>
        {value.text !== template.defaultText ? (
          <Button
            type="button"
            size="small"
            variant="transparent"
            onClick={() => onChange({ ...value, text: template.defaultText })}
          >
            Use the shop's words
          </Button>
        ) : null}
      </div>
    </div>
  )
}

/** Every event's template; Save sends the ones changed. */
const TemplatesPanel = ({ saved }: { saved: SmsTemplateView[] }) => {
  const [form, setForm] = useState<Record<string, SmsTemplateForm>>(() =>
    Object.fromEntries(saved.map((t) => [t.event, { text: t.text, enabled: t.enabled }]))
  )
  const save = useSaveSmsTemplates()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const templates = smsTemplatesChanged(saved, form)
    if (!templates.length) {
      toast.info("Nothing changed")
      return
    }
    save.mutate(
      { templates },
      {
        onSuccess: (answer) => toast.success(answer.message || "Messages saved"),
        onError: (err) => toast.error(messageOr(err, "Could not save the messages")),
      }
    )
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Message templates" className="divide-y">
      <div className="px-6 py-4">
        <Heading level="h2">Messages</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Fill in with {SMS_PLACEHOLDERS.map((p) => `{${p}}`).join(" ")}. The count fills them with a typical order's
          values; Bengali texts are billed per 70 characters (67 each when longer).
        </Text>
      </div>
      {saved.map((template) => (
        <TemplateField
          key={template.event}
          template={template}
          value={form[template.event]!}
          onChange={(next) => setForm((f) => ({ ...f, [template.event]: next }))}
        />
      ))}
      <div className="px-6 py-4">
        <Button type="submit" size="small" isLoading={save.isPending}>
          Save messages
        </Button>
      </div>
    </form>
  )
}

/** A test message to the merchant's own phone: the gateway's answer shows at once. */
const TestPanel = ({ ready }: { ready: boolean }) => {
  const [phone, setPhone] = useState("")
  const [event, setEvent] = useState<SmsEvent>("order_placed")
  const send = useSendTestSms()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    send.mutate(
      { phone, event },
      {
        onSuccess: (answer) =>
          answer.data.state === "sent"
            ? toast.success(`${answer.message}: ${answer.data.answer ?? ""}`)
            : toast.error(`${answer.message}: ${answer.data.answer ?? ""}`),
        onError: (err) => toast.error(messageOr(err, "Could not send the test message")),
      }
    )
  }
  return (
    <form onSubmit={submit} aria-label="Test message" className="flex flex-col gap-y-3 px-6 py-4">
      <Heading level="h2">Send a test</Heading>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="sms-test-phone" size="small" weight="plus">
            Your mobile
          </Label>
          <Input
            id="sms-test-phone"
            inputMode="tel"
            placeholder="01XXXXXXXXX"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            className="w-48"
          />
        </div>
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="sms-test-event" size="small" weight="plus">
            Message
          </Label>
          <Select value={event} onValueChange={(v) => setEvent(v as SmsEvent)}>
            <Select.Trigger id="sms-test-event" aria-label="Message" className="w-60">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              {SMS_EVENTS.map((e) => (
                <Select.Item key={e} value={e}>
                  {SMS_EVENT_LABELS[e]}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </div>
        <Button type="submit" size="small" variant="secondary" isLoading={send.isPending} disabled={!ready}>
          Send test
        </Button>
      </div>
      {send.data ? (
        <Text size="xsmall" className="text-ui-fg-subtle" data-testid="sms-test-answer" lang="bn">
          {send.data.data.text} · {send.data.data.parts} part{send.data.data.parts === 1 ? "" : "s"} ·{" "}
          {send.data.data.answer}
        </Text>
      ) : null}
    </form>
  )
}

/** The last days: messages made, sent, their parts and cost, given up. */
const DaysPanel = ({ days }: { days: SmsDay[] }) => (
  <div className="flex flex-col gap-y-2 px-6 py-4">
    <Heading level="h2">The last 14 days</Heading>
    {days.length ? (
      <Table data-testid="sms-days">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>Day</Table.HeaderCell>
            <Table.HeaderCell className="text-right">Messages</Table.HeaderCell>
            <Table.HeaderCell className="text-right">Sent</Table.HeaderCell>
            <Table.HeaderCell className="text-right">Parts</Table.HeaderCell>
            <Table.HeaderCell className="text-right">Spent</Table.HeaderCell>
            <Table.HeaderCell className="text-right">Not sent</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {days.map((d) => (
            <Table.Row key={d.day} data-testid="sms-day">
              <Table.Cell>{d.day}</Table.Cell>
              <Table.Cell className="text-right">{d.messages}</Table.Cell>
              <Table.Cell className="text-right">{d.sent}</Table.Cell>
              <Table.Cell className="text-right">{d.parts}</Table.Cell>
              <Table.Cell className="text-right">
                {d.cost === null ? "—" : formatMoney(d.cost, { decimals: 2 })}
              </Table.Cell>
              <Table.Cell className="text-right">{d.failed ? <Badge color="red">{d.failed}</Badge> : 0}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    ) : (
      <Text size="small" className="text-ui-fg-subtle">
        No messages in the last 14 days.
      </Text>
    )}
  </div>
)

/** Text messages: the shopper's SMS at each step of an order, what they say, and what they cost. */
const SmsPage = () => {
  const overview = useSmsOverview()
  const data = overview.data
  return (
    <Page>
      <PageHeader
        title="Text messages"
        subtitle="The SMS shoppers get when they order, when the parcel leaves and when it arrives."
      />
      {overview.isError ? (
        <Text className="text-ui-fg-error">{messageOr(overview.error, "Failed to load the messages")}</Text>
      ) : data ? (
        <>
          <Container className="p-0">
            <div className="px-6 py-4">
              <Text size="small" className="text-ui-fg-subtle" data-testid="sms-gateway">
                {data.gateway
                  ? `Sending through ${data.gateway}${data.partCost !== null ? `, ${formatMoney(data.partCost, { decimals: 2 })} a part` : ""}.`
                  : "No SMS gateway is set up on this server (SMS_GATEWAY and its settings, see the README): nothing is sent until one is."}
              </Text>
            </div>
          </Container>
          <Container className="p-0">
            <TemplatesPanel key={JSON.stringify(data.templates)} saved={data.templates} />
          </Container>
          <Container className="divide-y p-0">
            <TestPanel ready={data.gateway !== null} />
            <DaysPanel days={data.days} />
          </Container>
        </>
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
    </Page>
  )
}

export const config = defineRouteConfig({
  label: "Text messages",
  icon: ChatBubbleLeftRight,
  rank: 2.8,
})

export default SmsPage
