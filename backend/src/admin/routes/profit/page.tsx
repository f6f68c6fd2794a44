import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ChartPie } from "@medusajs/icons"
import {
  Badge,
  Button,
  Container,
  createDataTableColumnHelper,
  DataTable,
  Heading,
  Input,
  Label,
  Skeleton,
  Tabs,
  Text,
  toast,
  Tooltip,
  useDataTable,
} from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import {
  COURIER_LABELS,
  COURIER_PROVIDERS,
  formatMoney,
  formatTime,
  profitSettingsProblem,
  type CourierCostRule,
  type ProfitFigures,
  type ProfitRow,
  type ProfitSettings,
} from "@shop/contract"
import { Page, PageHeader } from "../../components/page-header"
import { StatCard } from "../../components/stat-card"
import { useProfit, useProfitSettings, useReadAdSpend, useSaveProfitSettings } from "../../hooks/use-profit"
import { messageOr } from "../../lib/errors"
import {
  PROFIT_GROUP_TABS,
  PROFIT_STAGE_LABELS,
  profitExportUrl,
  profitParts,
  profitPresets,
  returnRateLabel,
  type ProfitPeriod,
} from "../../lib/profit"

const money = (amount: number) => formatMoney(amount, { decimals: 2 })

/** How a profit is made, one line per part: cash in, each cost out, the profit. */
const PartsList = ({ figures, testId }: { figures: ProfitFigures; testId?: string }) => (
  <dl className="flex flex-col gap-y-1" data-testid={testId}>
    {profitParts(figures).map((part) => (
      <div
        key={part.label}
        className={`flex justify-between gap-x-6 ${part.sign === "=" ? "border-t pt-1 font-medium" : ""}`}
        data-part={part.label}
      >
        <dt className="txt-compact-small text-ui-fg-subtle">
          {part.sign === "=" ? "" : part.sign === "+" ? "+ " : "− "}
          {part.label}
        </dt>
        <dd className="txt-compact-small tabular-nums">{money(part.amount)}</dd>
      </div>
    ))}
  </dl>
)

const columnHelper = createDataTableColumnHelper<ProfitRow>()
const columns = [
  columnHelper.accessor("label", {
    header: "Name",
    cell: ({ row }) => (
      <div className="flex flex-col leading-tight">
        <Text size="small" weight="plus" className="truncate" data-testid="profit-row-label">
          {row.original.label}
        </Text>
        {row.original.missingCosts ? (
          <span className="txt-compact-xsmall text-ui-fg-error">
            {row.original.missingCosts} line(s) without a cost price
          </span>
        ) : null}
      </div>
    ),
    maxSize: 260,
    truncateTooltip: false,
  }),
  columnHelper.accessor("orders", { header: "Orders", truncateTooltip: false }),
  columnHelper.accessor("delivered", { header: "Delivered", truncateTooltip: false }),
  columnHelper.accessor("returnRate", {
    header: "Returned",
    cell: ({ row }) => `${row.original.returned} (${returnRateLabel(row.original.returnRate)})`,
    truncateTooltip: false,
  }),
  columnHelper.accessor("cashReceived", {
    header: "Cash received",
    cell: ({ getValue }) => money(getValue()),
    truncateTooltip: false,
  }),
  columnHelper.accessor("adSpend", {
    header: "Ad spend",
    cell: ({ getValue }) => money(getValue()),
    truncateTooltip: false,
  }),
  columnHelper.accessor("profit", {
    header: "Profit",
    cell: ({ row }) => (
      <Tooltip content={<PartsList figures={row.original} />}>
        <button
          type="button"
          className={`tabular-nums underline decoration-dotted ${row.original.profit < 0 ? "text-ui-fg-error" : ""}`}
          data-testid="profit-row-profit"
          aria-label={`Profit ${money(row.original.profit)}: how it is made`}
        >
          {money(row.original.profit)}
        </button>
      </Tooltip>
    ),
    align: "right",
    truncateTooltip: false,
  }),
]

const GroupTable = ({ rows }: { rows: ProfitRow[] }) => {
  const table = useDataTable({ columns, data: rows, getRowId: (row) => row.key || "(none)", rowCount: rows.length })
  if (!rows.length) {
    return (
      <div className="px-6 py-8 text-center">
        <Text className="text-ui-fg-muted">No orders in this period.</Text>
      </div>
    )
  }
  return (
    <DataTable instance={table}>
      <DataTable.Table />
    </DataTable>
  )
}

const RATE_FIELDS: { key: keyof CourierCostRule; label: string; unit: string }[] = [
  { key: "dhakaFee", label: "Fee inside Dhaka", unit: "৳" },
  { key: "outsideFee", label: "Fee outside Dhaka", unit: "৳" },
  { key: "codPercent", label: "COD charge", unit: "%" },
  { key: "returnPercent", label: "Return fee (of the fee)", unit: "%" },
]

/** The packaging cost and each courier's rates where its own answers give none. */
const SettingsForm = ({ settings }: { settings: ProfitSettings }) => {
  const [form, setForm] = useState<ProfitSettings>(settings)
  const save = useSaveProfitSettings()
  const problem = profitSettingsProblem(form)
  const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (problem) return
    save.mutate(form, {
      onSuccess: (answer) => toast.success(answer.message || "Profit settings saved"),
      onError: (error) => toast.error(messageOr(error, "Could not save the profit settings")),
    })
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-y-4 px-6 py-4" data-testid="profit-settings">
      <div className="flex max-w-xs flex-col gap-y-2">
        <Label htmlFor="profit-packaging" size="small" weight="plus">
          Packaging per parcel (৳)
        </Label>
        <Input
          id="profit-packaging"
          type="number"
          min={0}
          step="0.01"
          value={Number.isNaN(form.packagingCost) ? "" : form.packagingCost}
          onChange={(e) => setForm({ ...form, packagingCost: number(e.target.value) })}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {COURIER_PROVIDERS.map((provider) => (
          <fieldset key={provider} className="flex flex-col gap-y-2 rounded-lg border p-3">
            <legend className="txt-compact-small-plus px-1">{COURIER_LABELS[provider]}</legend>
            {RATE_FIELDS.map((field) => {
              const id = `profit-${provider}-${field.key}`
              const value = form.couriers[provider][field.key]
              return (
                <div key={field.key} className="flex items-center justify-between gap-x-2">
                  <Label htmlFor={id} size="xsmall" className="text-ui-fg-subtle">
                    {field.label} ({field.unit})
                  </Label>
                  <Input
                    id={id}
                    className="w-24"
                    size="small"
                    type="number"
                    min={0}
                    step="0.01"
                    value={Number.isNaN(value) ? "" : value}
                    onChange={(e) =>
                      setForm({
                        ...form,
                        couriers: {
                          ...form.couriers,
                          [provider]: { ...form.couriers[provider], [field.key]: number(e.target.value) },
                        },
                      })
                    }
                  />
                </div>
              )
            })}
          </fieldset>
        ))}
      </div>
      <div className="flex items-center justify-between gap-x-3">
        <Text size="small" className={problem ? "text-ui-fg-error" : "text-ui-fg-muted"}>
          {problem ?? "A courier's own fee, COD charge and payout always win over these rates."}
        </Text>
        <Button type="submit" size="small" disabled={!!problem} isLoading={save.isPending}>
          Save rates
        </Button>
      </div>
    </form>
  )
}

/** True profit: what orders, pages, ads, products, districts and couriers earned on the cash actually received. */
const ProfitPage = () => {
  const presets = profitPresets(new Date())
  const [period, setPeriod] = useState<ProfitPeriod>(presets[0].period)
  const report = useProfit(period)
  const settings = useProfitSettings()
  const readSpend = useReadAdSpend()
  const data = report.data

  return (
    <Page>
      <PageHeader
        title="Profit"
        subtitle="Profit on cash actually received: goods at cost, courier fees both ways, COD charges, packaging and ads"
        actions={
          <Button size="small" variant="secondary" asChild>
            <a href={profitExportUrl(period)} download data-testid="profit-export">
              Export CSV
            </a>
          </Button>
        }
      />

      <Container className="flex flex-wrap items-end justify-between gap-3 px-6 py-4">
        <div className="flex flex-wrap gap-2" role="group" aria-label="Period">
          {presets.map((preset) => {
            const on = preset.period.from === period.from && preset.period.to === period.to
            return (
              <Button
                key={preset.id}
                size="small"
                variant={on ? "primary" : "secondary"}
                aria-pressed={on}
                onClick={() => setPeriod(preset.period)}
              >
                {preset.label}
              </Button>
            )
          })}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-y-1">
            <Label htmlFor="profit-from" size="xsmall">
              From
            </Label>
            <Input
              id="profit-from"
              type="date"
              size="small"
              value={period.from}
              max={period.to}
              onChange={(e) => e.target.value && setPeriod({ ...period, from: e.target.value })}
            />
          </div>
          <div className="flex flex-col gap-y-1">
            <Label htmlFor="profit-to" size="xsmall">
              To
            </Label>
            <Input
              id="profit-to"
              type="date"
              size="small"
              value={period.to}
              min={period.from}
              onChange={(e) => e.target.value && setPeriod({ ...period, to: e.target.value })}
            />
          </div>
          <Button
            size="small"
            variant="secondary"
            isLoading={readSpend.isPending}
            onClick={() =>
              readSpend.mutate(undefined, {
                onSuccess: (answer) => toast.success(answer.message),
                onError: (error) => toast.error(messageOr(error, "Could not read Meta's ad spend")),
              })
            }
          >
            Read ad spend now
          </Button>
        </div>
      </Container>

      {report.isError ? (
        <Container className="px-6 py-4">
          <Text className="text-ui-fg-error">{messageOr(report.error, "Failed to load the profit figures")}</Text>
        </Container>
      ) : null}

      {report.isPending ? (
        <Skeleton className="h-[240px] w-full rounded-lg" />
      ) : data ? (
        <div className={`flex flex-col gap-y-3 ${report.isPlaceholderData ? "opacity-60 transition-opacity" : ""}`}>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-5" data-testid="profit-funnel">
            {data.funnel.map((step) => (
              <StatCard
                key={step.stage}
                testId={`funnel-${step.stage}`}
                title={PROFIT_STAGE_LABELS[step.stage]}
                value={step.orders}
                hint={money(step.amount)}
              />
            ))}
          </div>

          <Container className="grid grid-cols-1 gap-6 px-6 py-4 md:grid-cols-2">
            <div className="flex flex-col gap-y-2">
              <Text size="small" weight="plus" className="text-ui-fg-subtle">
                Profit on delivered cash
              </Text>
              <Heading
                level="h2"
                className={`text-3xl ${data.total.profit < 0 ? "text-ui-fg-error" : ""}`}
                data-testid="profit-total"
              >
                {money(data.total.profit)}
              </Heading>
              <div className="flex flex-wrap gap-2">
                <Badge size="small" color="green">
                  {data.total.delivered} delivered
                </Badge>
                <Badge size="small" color="red">
                  {data.total.returned} returned ({returnRateLabel(data.total.returnRate)})
                </Badge>
                {data.unattributedSpend ? (
                  <Badge size="small" color="orange">
                    {money(data.unattributedSpend)} of ad spend matched no order
                  </Badge>
                ) : null}
                {data.total.missingCosts ? (
                  <Badge size="small" color="orange" data-testid="missing-costs">
                    {data.total.missingCosts} line(s) sold without a cost price
                  </Badge>
                ) : null}
              </div>
              <Text size="small" className="text-ui-fg-muted">
                Orders placed {period.from} to {period.to}; profit counts those delivered or returned. Updated{" "}
                {formatTime(data.generatedAt)}.
              </Text>
            </div>
            <PartsList figures={data.total} testId="profit-parts" />
          </Container>

          <Container className="p-0">
            <Tabs defaultValue="landing">
              <div className="px-6 py-3">
                <Tabs.List>
                  {PROFIT_GROUP_TABS.map((tab) => (
                    <Tabs.Trigger key={tab.group} value={tab.group}>
                      {tab.label}
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
              </div>
              {PROFIT_GROUP_TABS.map((tab) => (
                <Tabs.Content key={tab.group} value={tab.group} data-testid={`profit-group-${tab.group}`}>
                  <GroupTable rows={data.groups[tab.group]} />
                </Tabs.Content>
              ))}
            </Tabs>
          </Container>
        </div>
      ) : null}

      <Container className="p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Rates</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Packaging per parcel, and what each courier charges when its own answers give no figure.
          </Text>
        </div>
        {settings.data ? <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} /> : null}
      </Container>
    </Page>
  )
}

export const config = defineRouteConfig({
  label: "Profit",
  icon: ChartPie,
  rank: 1.5,
})

export const handle = {
  breadcrumb: () => "Profit",
}

export default ProfitPage
