import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Phone, ShieldCheck, Trash } from "@medusajs/icons"
import {
  Badge,
  Button,
  Container,
  createDataTableColumnHelper,
  DataTable,
  Heading,
  Input,
  Label,
  Select,
  Skeleton,
  Switch,
  Text,
  toast,
  useDataTable,
  usePrompt,
} from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { Link } from "react-router-dom"
import { BLOCKLIST_KINDS, formatDate, type BlocklistEntry, type BlocklistKind, type GuardRules } from "@shop/contract"
import { Page, PageHeader } from "../../components/page-header"
import { RowMarker } from "../../components/row-marker"
import {
  useAddBlocklistEntry,
  useBlocklist,
  useGuardRules,
  useRemoveBlocklistEntry,
  useSaveGuardRules,
} from "../../hooks/use-order-guard"
import { messageOr } from "../../lib/errors"
import {
  BLOCKLIST_KIND_LABELS,
  BLOCKLIST_REASON_MAX,
  BLOCKLIST_VALUE_MAX,
  blocklistRequest,
  changedRules,
  parseRulesForm,
  RULE_FIELDS,
  rulesForm,
  type RulesForm,
  type RulesFormField,
} from "../../lib/guard"

const HOLD_SWITCHES: { key: "holdHighRisk" | "holdDuplicates"; label: string; help: string }[] = [
  {
    key: "holdHighRisk",
    label: "Hold high-risk orders",
    help: "They wait in To confirm until someone calls the customer.",
  },
  { key: "holdDuplicates", label: "Hold duplicates", help: "A repeat of the same order waits in To confirm too." },
]

/** The rules, as inputs with their meaning; Save sends what changed. */
const RulesPanel = ({ saved }: { saved: GuardRules }) => {
  const [form, setForm] = useState<RulesForm>(() => rulesForm(saved))
  const [errors, setErrors] = useState<Partial<Record<RulesFormField, string>>>({})
  const save = useSaveGuardRules()
  const set = <K extends keyof RulesForm>(key: K, value: RulesForm[K]) => setForm((f) => ({ ...f, [key]: value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseRulesForm(form)
    if (!parsed.rules) {
      setErrors(parsed.errors)
      return
    }
    setErrors({})
    save.mutate(changedRules(saved, parsed.rules), {
      onSuccess: (answer) => {
        setForm(rulesForm(answer.data))
        toast.success(answer.message || "Rules saved")
      },
      onError: (error) => toast.error(messageOr(error, "Could not save the rules")),
    })
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Guard rules" className="flex flex-col gap-y-4 px-6 py-4">
      <div className="grid grid-cols-1 gap-x-6 gap-y-4 md:grid-cols-2">
        {RULE_FIELDS.map((field) => (
          <div key={field.key} className="flex flex-col gap-y-1">
            <Label htmlFor={`rule-${field.key}`} size="small" weight="plus">
              {field.label}
            </Label>
            <div className="flex items-center gap-x-2">
              <Input
                id={`rule-${field.key}`}
                type="number"
                inputMode="decimal"
                min={field.key === "minSuccessPercent" ? 0 : 1}
                max={field.key === "minSuccessPercent" ? 100 : undefined}
                step={field.key === "minSuccessPercent" ? 0.1 : 1}
                className="w-28"
                value={form[field.key]}
                onChange={(event) => set(field.key, event.target.value)}
                aria-invalid={Boolean(errors[field.key])}
                aria-describedby={`rule-${field.key}-help`}
              />
              {field.suffix ? (
                <Text size="small" className="text-ui-fg-subtle">
                  {field.suffix}
                </Text>
              ) : null}
            </div>
            <Text id={`rule-${field.key}-help`} size="xsmall" className="text-ui-fg-subtle">
              {field.help}
            </Text>
            {errors[field.key] ? (
              <Text size="xsmall" className="text-ui-fg-error" role="alert">
                {errors[field.key]}
              </Text>
            ) : null}
          </div>
        ))}
      </div>
      <div className="grid grid-cols-1 gap-x-6 gap-y-4 border-t pt-4 md:grid-cols-2">
        {HOLD_SWITCHES.map((hold) => (
          <div key={hold.key} className="flex items-start gap-x-3">
            <Switch
              id={`rule-${hold.key}`}
              checked={form[hold.key]}
              onCheckedChange={(checked) => set(hold.key, checked)}
              aria-describedby={`rule-${hold.key}-help`}
            />
            <div className="flex flex-col gap-y-0.5">
              <Label htmlFor={`rule-${hold.key}`} size="small" weight="plus">
                {hold.label}
              </Label>
              <Text id={`rule-${hold.key}-help`} size="xsmall" className="text-ui-fg-subtle">
                {hold.help}
              </Text>
            </div>
          </div>
        ))}
      </div>
      <div className="flex items-center gap-x-3">
        <Button type="submit" size="small" isLoading={save.isPending}>
          Save rules
        </Button>
        <Text size="xsmall" className="text-ui-fg-muted">
          New rules apply to orders placed from now on.
        </Text>
      </div>
    </form>
  )
}

/** Blocklist a phone or an internet address by hand. */
const AddBlocklistForm = () => {
  const [kind, setKind] = useState<BlocklistKind>("phone")
  const [value, setValue] = useState("")
  const [reason, setReason] = useState("")
  const [error, setError] = useState<string | null>(null)
  const add = useAddBlocklistEntry()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const request = blocklistRequest(kind, value, reason)
    if (!request.body) {
      setError(request.error)
      return
    }
    setError(null)
    add.mutate(request.body, {
      onSuccess: (answer) => {
        setValue("")
        setReason("")
        toast.success(answer.message || "Blocklisted")
      },
      onError: (err) => toast.error(messageOr(err, "Could not add to the blocklist")),
    })
  }

  return (
    <form onSubmit={submit} aria-label="Add to the blocklist" className="flex flex-col gap-y-2 px-6 py-4">
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex w-44 flex-col gap-y-1">
          <Label htmlFor="blocklist-kind" size="xsmall" weight="plus">
            Kind
          </Label>
          <Select value={kind} onValueChange={(v) => setKind(v as BlocklistKind)}>
            <Select.Trigger id="blocklist-kind" aria-label="Kind">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              {BLOCKLIST_KINDS.map((k) => (
                <Select.Item key={k} value={k}>
                  {BLOCKLIST_KIND_LABELS[k]}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </div>
        <div className="flex w-48 flex-col gap-y-1">
          <Label htmlFor="blocklist-value" size="xsmall" weight="plus">
            {kind === "phone" ? "Phone" : "Address"}
          </Label>
          <Input
            id="blocklist-value"
            value={value}
            maxLength={BLOCKLIST_VALUE_MAX}
            placeholder={kind === "phone" ? "01XXXXXXXXX" : "203.0.113.7"}
            onChange={(event) => setValue(event.target.value)}
          />
        </div>
        <div className="flex min-w-[200px] flex-1 flex-col gap-y-1">
          <Label htmlFor="blocklist-reason" size="xsmall" weight="plus">
            Reason
          </Label>
          <Input
            id="blocklist-reason"
            value={reason}
            maxLength={BLOCKLIST_REASON_MAX}
            placeholder="Why its orders are refused"
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <Button type="submit" size="small" variant="secondary" isLoading={add.isPending} className="h-8">
          Add
        </Button>
      </div>
      {error ? (
        <Text size="xsmall" className="text-ui-fg-error" role="alert">
          {error}
        </Text>
      ) : null}
    </form>
  )
}

const RemoveButton = ({ entry }: { entry: BlocklistEntry }) => {
  const prompt = usePrompt()
  const remove = useRemoveBlocklistEntry()
  const onRemove = async () => {
    const confirmed = await prompt({
      title: "Remove from the blocklist",
      description: `Orders from ${entry.value} will be taken again.`,
      confirmText: "Remove",
      cancelText: "Cancel",
    })
    if (!confirmed) return
    remove.mutate(entry.id, {
      onSuccess: (answer) => toast.success(answer.message || "Removed from the blocklist"),
      onError: (error) => toast.error(messageOr(error, "Could not remove it")),
    })
  }
  return (
    <Button
      size="small"
      variant="secondary"
      aria-label={`Remove ${entry.value}`}
      onClick={onRemove}
      isLoading={remove.isPending}
    >
      <Trash />
      Remove
    </Button>
  )
}

const columnHelper = createDataTableColumnHelper<BlocklistEntry>()

const columns = [
  columnHelper.accessor("kind", {
    header: "Kind",
    cell: ({ row }) => (
      <>
        <RowMarker testId="blocklist-row" name="value" value={row.original.value} />
        <Badge size="2xsmall" color={row.original.kind === "phone" ? "blue" : "purple"}>
          {BLOCKLIST_KIND_LABELS[row.original.kind]}
        </Badge>
      </>
    ),
    truncateTooltip: false,
  }),
  columnHelper.accessor("value", {
    header: "Value",
    cell: ({ getValue }) => <span className="font-mono">{getValue()}</span>,
    truncateTooltip: false,
  }),
  // the reason truncates itself and shows in full on hover
  columnHelper.accessor("reason", {
    header: "Reason",
    cell: ({ getValue }) => (
      <Text size="small" className="truncate" title={getValue()}>
        {getValue()}
      </Text>
    ),
    maxSize: 360,
    truncateTooltip: false,
  }),
  columnHelper.accessor("createdAt", {
    header: "Added",
    cell: ({ getValue }) => formatDate(getValue()),
    truncateTooltip: false,
  }),
  // not "action": DataTable narrows a column of that id to one icon button
  columnHelper.accessor((entry) => entry.id, {
    id: "remove",
    header: () => <span className="sr-only">Remove</span>,
    cell: ({ row }) => <RemoveButton entry={row.original} />,
    align: "right",
    truncateTooltip: false,
  }),
]

/** Order guard (the fake-order guard): the rules that decide which orders wait for a call, and the blocklist. */
const OrderGuardPage = () => {
  const rules = useGuardRules()
  const list = useBlocklist()
  const entries = list.data ?? []
  const table = useDataTable({ columns, data: entries, getRowId: (entry) => entry.id })

  return (
    <Page>
      <PageHeader
        title="Order guard"
        subtitle="Which orders wait for a confirmation call, and which phones and addresses cannot order."
        actions={
          <Button size="small" variant="secondary" asChild>
            <Link to="/to-confirm">
              <Phone />
              To confirm
            </Link>
          </Button>
        }
      />
      <Container className="divide-y p-0" data-testid="guard-rules">
        <div className="px-6 py-4">
          <Heading level="h2">Rules</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            A phone's past orders in this shop decide its risk: high risk when too few were delivered; medium for a
            duplicate or too many orders in a day.
          </Text>
        </div>
        {rules.isError ? (
          <Text className="text-ui-fg-error px-6 py-4">{messageOr(rules.error, "Failed to load the rules")}</Text>
        ) : rules.data ? (
          // a fresh read after a save sets the inputs again
          <RulesPanel key={JSON.stringify(rules.data)} saved={rules.data} />
        ) : (
          <div className="px-6 py-4">
            <Skeleton className="h-24 w-full" />
          </div>
        )}
      </Container>

      <Container className="p-0" data-testid="blocklist">
        <div className="divide-y">
          <div className="flex items-center gap-x-2 px-6 py-4">
            <Heading level="h2">Blocklist</Heading>
            <Badge size="2xsmall" color="grey">
              {list.isPending ? "…" : entries.length}
            </Badge>
          </div>
          <AddBlocklistForm />
          {list.isError ? (
            <Text className="text-ui-fg-error px-6 py-4">{messageOr(list.error, "Failed to load the blocklist")}</Text>
          ) : entries.length === 0 && !list.isPending ? (
            <Text size="small" className="text-ui-fg-muted px-6 py-4">
              Nobody is blocklisted. Marking an order as fake in To confirm can add its phone here.
            </Text>
          ) : null}
        </div>
        {/* outside the divided block: the table draws its own top and bottom borders */}
        {!list.isError && entries.length > 0 ? (
          <DataTable instance={table}>
            <DataTable.Table />
          </DataTable>
        ) : null}
      </Container>
    </Page>
  )
}

export const config = defineRouteConfig({
  label: "Order guard",
  icon: ShieldCheck,
  rank: 2.6,
})

export const handle = {
  breadcrumb: () => "Order guard",
}

export default OrderGuardPage
