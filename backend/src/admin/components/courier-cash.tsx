import { Button, Container, Heading, Text, toast } from "@medusajs/ui"
import { formatMoney, type CourierCash } from "@shop/contract"
import { useCourierCash, useCourierChoices, useReadSteadfastPayouts } from "../hooks/use-couriers"
import { messageOr, serverMessage } from "../lib/errors"

const FIGURES: { key: keyof Omit<CourierCash, "parcels">; label: string }[] = [
  { key: "toCollect", label: "To collect" },
  { key: "collected", label: "Collected" },
  { key: "fees", label: "Courier fees" },
  { key: "settled", label: "Settled" },
  { key: "owed", label: "Still owed" },
]

/** The Orders page's "Cash with couriers": the figures of GET /api/admin/couriers/cash and a button to read Steadfast's payouts now. */
export const CourierCashSummary = () => {
  const cash = useCourierCash()
  const choices = useCourierChoices()
  const payouts = useReadSteadfastPayouts()
  const steadfast = choices.data?.find((choice) => choice.provider === "steadfast")
  const steadfastReady = Boolean(steadfast?.configured)

  const readPayouts = () =>
    payouts.mutateAsync().then(
      (answer) => toast.success(answer.message || "Steadfast payouts read"),
      (error: unknown) => toast.error(serverMessage(error) ?? "Could not read Steadfast's payouts")
    )

  return (
    <Container
      className="flex flex-col gap-3 px-6 py-3 lg:flex-row lg:items-center lg:justify-between"
      data-testid="courier-cash-summary"
    >
      <div className="flex min-w-0 flex-col gap-y-2">
        <div className="flex items-baseline gap-x-2">
          <Heading level="h2">Cash with couriers</Heading>
          {cash.data ? (
            <Text size="xsmall" className="text-ui-fg-muted" data-testid="courier-cash-parcels">
              {cash.data.parcels} parcel{cash.data.parcels === 1 ? "" : "s"}
            </Text>
          ) : null}
        </div>
        {cash.isError ? (
          <Text size="small" className="text-ui-fg-error">
            {messageOr(cash.error, "Failed to load the cash with couriers")}
          </Text>
        ) : (
          <dl className="flex flex-wrap gap-x-6 gap-y-1">
            {FIGURES.map(({ key, label }) => (
              <div key={key} className="flex items-baseline gap-x-1.5" data-testid={`courier-cash-${key}`}>
                <dt className="txt-compact-small text-ui-fg-subtle">{label}</dt>
                <dd className="txt-compact-small-plus text-ui-fg-base">
                  {cash.data ? formatMoney(cash.data[key]) : "…"}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-start gap-y-1 lg:items-end">
        <Button
          size="small"
          variant="secondary"
          disabled={!steadfastReady}
          isLoading={payouts.isPending}
          onClick={readPayouts}
        >
          Read Steadfast payouts
        </Button>
        {steadfast && !steadfastReady ? (
          <Text size="xsmall" className="text-ui-fg-muted">
            Steadfast is not set up
          </Text>
        ) : null}
      </div>
    </Container>
  )
}

/**
 * The dashboard's money: what bKash already put in the merchant's account for
 * the period's orders, apart from the cash the couriers still hold (to collect
 * at the door, and collected but not yet paid out), which may never come.
 */
export const MoneyReceived = ({ bkashReceived }: { bkashReceived: number }) => {
  const cash = useCourierCash()
  const withCouriers = cash.data ? cash.data.toCollect + Math.max(0, cash.data.owed) : null
  return (
    <Container className="flex flex-wrap gap-x-8 gap-y-2 px-6 py-3" data-testid="money-received">
      <div className="flex items-baseline gap-x-1.5" data-testid="money-bkash">
        <Text size="small" className="text-ui-fg-subtle">
          Received by bKash
        </Text>
        <Text size="small" weight="plus">
          {formatMoney(bkashReceived, { decimals: 2 })}
        </Text>
      </div>
      <div className="flex items-baseline gap-x-1.5" data-testid="money-couriers">
        <Text size="small" className="text-ui-fg-subtle">
          Cash still with couriers (all time)
        </Text>
        <Text size="small" weight="plus">
          {withCouriers === null ? "…" : formatMoney(withCouriers, { decimals: 2 })}
        </Text>
      </div>
    </Container>
  )
}
