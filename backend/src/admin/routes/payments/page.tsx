import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Button, Container, Heading, Input, Label, Select, Skeleton, Switch, Text, toast } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import type { BkashRequiredFor, PaymentRules } from "@shop/contract"
import { Page, PageHeader } from "../../components/page-header"
import { useBkashReady, usePaymentRules, useSavePaymentRules } from "../../hooks/use-payment-rules"
import { messageOr } from "../../lib/errors"
import { parsePaymentRules, paymentRulesForm, REQUIRED_FOR_OPTIONS, type PaymentRulesForm } from "../../lib/payments"

/** The rules as inputs with their meaning; Save sends them all. */
const RulesPanel = ({ saved }: { saved: PaymentRules }) => {
  const [form, setForm] = useState<PaymentRulesForm>(() => paymentRulesForm(saved))
  const [error, setError] = useState<string | null>(null)
  const save = useSavePaymentRules()
  const set = <K extends keyof PaymentRulesForm>(key: K, value: PaymentRulesForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parsePaymentRules(form)
    if ("error" in parsed) {
      setError(parsed.error)
      return
    }
    setError(null)
    save.mutate(parsed.rules, {
      onSuccess: (answer) => {
        setForm(paymentRulesForm(answer.data))
        toast.success(answer.message || "Rules saved")
      },
      onError: (err) => toast.error(messageOr(err, "Could not save the rules")),
    })
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Payment rules" className="flex flex-col gap-y-5 px-6 py-4">
      <div className="flex max-w-xl flex-col gap-y-1">
        <Label htmlFor="rule-required-for" size="small" weight="plus">
          Ask for bKash before shipping
        </Label>
        <Select value={form.bkashRequiredFor} onValueChange={(v) => set("bkashRequiredFor", v as BkashRequiredFor)}>
          <Select.Trigger id="rule-required-for" aria-label="Ask for bKash before shipping">
            <Select.Value />
          </Select.Trigger>
          <Select.Content>
            {REQUIRED_FOR_OPTIONS.map((option) => (
              <Select.Item key={option.value} value={option.value}>
                {option.label}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
        <Text size="xsmall" className="text-ui-fg-subtle">
          These orders choose between the delivery charge in advance (the rest in cash) and the whole order by bKash;
          cash on delivery alone is not offered to them.
        </Text>
      </div>
      <div className="flex items-start gap-x-3">
        <Switch
          id="rule-offer-bkash"
          checked={form.offerBkash}
          onCheckedChange={(checked) => set("offerBkash", checked)}
          aria-describedby="rule-offer-bkash-help"
        />
        <div className="flex flex-col gap-y-0.5">
          <Label htmlFor="rule-offer-bkash" size="small" weight="plus">
            Offer bKash to every other order too
          </Label>
          <Text id="rule-offer-bkash-help" size="xsmall" className="text-ui-fg-subtle">
            Shoppers may pay by bKash instead of cash on delivery when they like.
          </Text>
        </div>
      </div>
      <div className="flex flex-col gap-y-1">
        <Label htmlFor="rule-refund-percent" size="small" weight="plus">
          Refunded on a cancel or a returned parcel
        </Label>
        <div className="flex items-center gap-x-2">
          <Input
            id="rule-refund-percent"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            className="w-28"
            value={form.refundPercent}
            onChange={(event) => set("refundPercent", event.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby="rule-refund-percent-help"
          />
          <Text size="small" className="text-ui-fg-subtle">
            % of what bKash received
          </Text>
        </div>
        <Text id="rule-refund-percent-help" size="xsmall" className="text-ui-fg-subtle">
          Paid back through bKash when the order is cancelled or its parcel comes back.
        </Text>
        {error ? (
          <Text size="xsmall" className="text-ui-fg-error" role="alert">
            {error}
          </Text>
        ) : null}
      </div>
      <div>
        <Button type="submit" size="small" isLoading={save.isPending}>
          Save rules
        </Button>
      </div>
    </form>
  )
}

/** Payments: when shoppers pay by bKash, and what goes back when an order does not reach them. */
const PaymentsPage = () => {
  const rules = usePaymentRules()
  const ready = useBkashReady()
  return (
    <Page>
      <PageHeader title="Payments" subtitle="Cash on delivery, and bKash in full or the delivery charge in advance." />
      <Container className="divide-y p-0" data-testid="payment-rules">
        <div className="px-6 py-4">
          <Heading level="h2">bKash</Heading>
          <Text size="small" className="text-ui-fg-subtle" data-testid="bkash-ready">
            {ready.data === false
              ? "bKash is not set up on this server (BKASH_* settings, see the README): every order is cash on delivery, whatever the rules say."
              : ready.data
                ? "bKash is set up: shoppers pay on bKash's own page and come back to the shop."
                : "…"}
          </Text>
        </div>
        {rules.isError ? (
          <Text className="text-ui-fg-error px-6 py-4">{messageOr(rules.error, "Failed to load the rules")}</Text>
        ) : rules.data ? (
          <RulesPanel key={JSON.stringify(rules.data)} saved={rules.data} />
        ) : (
          <div className="px-6 py-4">
            <Skeleton className="h-24 w-full" />
          </div>
        )}
      </Container>
    </Page>
  )
}

export const config = defineRouteConfig({
  label: "Payments",
  icon: CreditCard,
  rank: 2.7,
})

export default PaymentsPage
