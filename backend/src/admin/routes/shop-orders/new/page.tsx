import { Badge, Button, Container, Heading, Input, Label, Select, Text, Textarea, toast } from "@medusajs/ui"
import { useMemo, useState, type FormEvent } from "react"
import { Link } from "react-router-dom"
import { OrderStatusBadge } from "#app/admin/components/order-badges"
import { RiskBadge, RiskReasons } from "#app/admin/components/order-risk"
import { Page, PageHeader } from "#app/admin/components/page-header"
import { useAddManualOrder, usePhoneView } from "#app/admin/hooks/use-dispatch"
import { useProducts } from "#app/admin/hooks/use-products"
import { messageOr, serverMessage } from "#app/admin/lib/errors"
import {
  areaOf,
  EMPTY_MANUAL_FORM,
  fillFromChat,
  manualOrderProblem,
  manualOrderRequest,
  manualTotals,
  type ManualForm,
} from "#app/admin/lib/manual-order"
import {
  DELIVERY_AREA_LABELS,
  formatDate,
  formatMoney,
  MANUAL_ORDER_SOURCES,
  MAX_CHAT_TEXT,
  normalizeBdPhone,
  ORDER_SOURCE_LABELS,
  orderAttempt,
  unitPrice,
  type DeliveryArea,
  type ManualOrderSource,
} from "@shop/contract"

/** The phone's orders here and what the fake-order guard would say, before the order is saved. */
const PhonePanel = ({ phone, productIds }: { phone: string | null; productIds: string[] }) => {
  const view = usePhoneView(phone, productIds)
  return (
    <Container className="flex flex-col gap-y-3 p-4" data-testid="phone-panel">
      <Heading level="h2">Phone history and the guard</Heading>
      {!phone ? (
        <Text size="small" className="text-ui-fg-muted">
          Type or paste a Bangladeshi mobile to see its orders here.
        </Text>
      ) : view.isError ? (
        <Text size="small" className="text-ui-fg-error">
          {messageOr(view.error, "Failed to load the phone's orders")}
        </Text>
      ) : !view.data ? (
        <Text size="small">Loading…</Text>
      ) : (
        <>
          {view.data.blocklisted ? (
            <Badge color="red" data-testid="phone-blocklisted">
              Blocklisted: the order will be refused
            </Badge>
          ) : null}
          <div className="flex items-center gap-x-2">
            <Text size="small" weight="plus">
              {view.data.phone}
            </Text>
            <RiskBadge level={view.data.risk.level} size="xsmall" />
            {view.data.risk.needsConfirmation ? (
              <Badge size="2xsmall" color="orange">
                Will wait for a confirmation call
              </Badge>
            ) : null}
          </div>
          <Text size="small" className="text-ui-fg-subtle" data-testid="phone-summary">
            {view.data.risk.pastOrders} earlier order{view.data.risk.pastOrders === 1 ? "" : "s"},{" "}
            {view.data.risk.delivered} delivered, {view.data.risk.returnedOrCancelled} returned or cancelled
          </Text>
          <RiskReasons reasons={view.data.risk.reasons} />
          {view.data.orders.length ? (
            <ul className="flex flex-col divide-y" data-testid="phone-orders">
              {view.data.orders.slice(0, 8).map((o) => (
                <li key={o.orderNumber} className="flex items-center justify-between gap-x-2 py-1.5">
                  <span className="font-mono text-xs">{o.orderNumber}</span>
                  <OrderStatusBadge status={o.status} />
                  <span className="text-xs">{formatMoney(o.total)}</span>
                  <span className="text-ui-fg-muted text-xs">{formatDate(o.orderDate)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <Text size="small" className="text-ui-fg-muted">
              No orders from this phone yet.
            </Text>
          )}
        </>
      )}
    </Container>
  )
}

/** One labelled line of the form (`wide`: across both columns on a wider screen). */
const TextField = (props: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  wide?: boolean
}) => (
  <div className={props.wide ? "flex flex-col gap-y-1 sm:col-span-2" : "flex flex-col gap-y-1"}>
    <Label htmlFor={props.id} size="small" weight="plus">
      {props.label}
    </Label>
    <Input id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)} />
  </div>
)

/** /app/shop-orders/new: an order taken by phone or in Messenger, read from the pasted chat, checked, then saved. */
const AddOrderPage = () => {
  const products = useProducts()
  const add = useAddManualOrder()
  const [form, setForm] = useState<ManualForm>(EMPTY_MANUAL_FORM)
  const [chat, setChat] = useState("")
  const [notice, setNotice] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(() => orderAttempt())
  const list = useMemo(() => (products.data ?? []).filter((p) => p.stock > 0), [products.data])
  const all = products.data ?? []
  const phone = normalizeBdPhone(form.phone)
  const productIds = form.lines.map((l) => l.productId).filter(Boolean)
  const totals = manualTotals(form, all)
  const problem = manualOrderProblem(form, all)
  const set = (change: Partial<ManualForm>) => setForm((f) => ({ ...f, ...change }))
  const setLine = (index: number, change: Partial<ManualForm["lines"][number]>) =>
    setForm((f) => ({ ...f, lines: f.lines.map((l, i) => (i === index ? { ...l, ...change } : l)) }))

  const read = () => {
    const filled = fillFromChat(form, chat)
    setForm(filled.form)
    setNotice(filled.notice)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (problem) {
      toast.error(problem)
      return
    }
    if (add.isPending) return
    const request = manualOrderRequest(form)
    add.mutateAsync({ request, key: attempt(request) }).then(
      (answer) => {
        toast.success(`${answer.message}: ${answer.data.orderNumber}`)
        setForm({ ...EMPTY_MANUAL_FORM, source: form.source })
        setChat("")
        setNotice(null)
        setAttempt(() => orderAttempt())
      },
      (error: unknown) => toast.error(serverMessage(error) ?? "Could not add the order. Please try again.")
    )
  }

  return (
    <Page>
      <PageHeader
        title="Add order"
        subtitle="An order taken by phone or in Messenger: paste the chat, check what was read, save"
        leading={
          <Button size="small" variant="transparent" asChild>
            <Link to="/shop-orders">← Orders</Link>
          </Button>
        }
      />
      <form onSubmit={submit} aria-label="Add order" className="grid grid-cols-1 gap-4 lg:grid-cols-[1fr_360px]">
        <div className="flex min-w-0 flex-col gap-4">
          <Container className="flex flex-col gap-y-2 p-4">
            <Label htmlFor="chat-text" size="small" weight="plus">
              Chat or call note
            </Label>
            <Textarea
              id="chat-text"
              rows={5}
              maxLength={MAX_CHAT_TEXT}
              value={chat}
              onChange={(e) => setChat(e.target.value)}
              placeholder={"নাম: রহিম উদ্দিন\nফোন: ০১৭১২-৩৪৫৬৭৮\nঠিকানা: বাড়ি ১২, রোড ৫, মিরপুর ১০, ঢাকা"}
            />
            <div className="flex items-center justify-between gap-x-2">
              <Text size="xsmall" className="text-ui-fg-muted" data-testid="chat-notice">
                {notice ?? "The phone, name and address are read from it, in Bengali or English."}
              </Text>
              <Button type="button" size="small" variant="secondary" onClick={read} disabled={!chat.trim()}>
                Read the text
              </Button>
            </div>
          </Container>

          <Container className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-2">
            <div className="flex flex-col gap-y-1">
              <Label htmlFor="order-source" size="small" weight="plus">
                Taken by
              </Label>
              <Select value={form.source} onValueChange={(v) => set({ source: v as ManualOrderSource })}>
                <Select.Trigger id="order-source" aria-label="Taken by">
                  <Select.Value />
                </Select.Trigger>
                <Select.Content>
                  {MANUAL_ORDER_SOURCES.map((s) => (
                    <Select.Item key={s} value={s}>
                      {ORDER_SOURCE_LABELS[s]}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            </div>
            <TextField id="order-phone" label="Phone" value={form.phone} onChange={(v) => set({ phone: v })} />
            <TextField id="order-name" label="Name" value={form.name} onChange={(v) => set({ name: v })} wide />
            <div className="flex flex-col gap-y-1 sm:col-span-2">
              <Label htmlFor="order-address" size="small" weight="plus">
                Address
              </Label>
              <Textarea
                id="order-address"
                rows={2}
                value={form.address}
                onChange={(e) => set({ address: e.target.value })}
              />
            </div>
            <TextField id="order-city" label="City (optional)" value={form.city} onChange={(v) => set({ city: v })} />
            <div className="flex flex-col gap-y-1">
              <Label htmlFor="order-area" size="small" weight="plus">
                Delivery
              </Label>
              <Select value={form.area} onValueChange={(v) => set({ area: v as DeliveryArea | "auto" })}>
                <Select.Trigger id="order-area" aria-label="Delivery">
                  <Select.Value />
                </Select.Trigger>
                <Select.Content>
                  <Select.Item value="auto">
                    {DELIVERY_AREA_LABELS[areaOf({ ...form, area: "auto" })]} (from the address)
                  </Select.Item>
                  <Select.Item value="dhaka">{DELIVERY_AREA_LABELS.dhaka}</Select.Item>
                  <Select.Item value="outside">{DELIVERY_AREA_LABELS.outside}</Select.Item>
                </Select.Content>
              </Select>
            </div>
            <TextField
              id="order-notes"
              label="Delivery notes (optional)"
              value={form.notes}
              onChange={(v) => set({ notes: v })}
              wide
            />
          </Container>

          <Container className="flex flex-col gap-y-3 p-4">
            <Heading level="h2">Products</Heading>
            {form.lines.map((line, index) => (
              <div key={index} className="flex items-end gap-x-2" data-testid="order-line">
                <div className="flex min-w-0 flex-1 flex-col gap-y-1">
                  <Label htmlFor={`line-product-${index}`} size="xsmall">
                    Product
                  </Label>
                  <Select value={line.productId} onValueChange={(v) => setLine(index, { productId: v })}>
                    <Select.Trigger id={`line-product-${index}`} aria-label={`Product ${index + 1}`}>
                      <Select.Value placeholder={products.isPending ? "Loading products…" : "Choose a product"} />
                    </Select.Trigger>
                    <Select.Content>
                      {list.map((p) => (
                        <Select.Item key={p._id} value={p._id}>
                          {p.title} · {formatMoney(unitPrice(p))} · {p.stock} in stock
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select>
                </div>
                <div className="flex w-20 flex-col gap-y-1">
                  <Label htmlFor={`line-quantity-${index}`} size="xsmall">
                    Quantity
                  </Label>
                  <Input
                    id={`line-quantity-${index}`}
                    type="number"
                    min={1}
                    step={1}
                    value={line.quantity}
                    onChange={(e) => setLine(index, { quantity: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
                  />
                </div>
                <Button
                  type="button"
                  size="small"
                  variant="transparent"
                  aria-label={`Remove product ${index + 1}`}
                  disabled={form.lines.length === 1}
                  onClick={() => set({ lines: form.lines.filter((_, i) => i !== index) })}
                >
                  ✕
                </Button>
              </div>
            ))}
            <div>
              <Button
                type="button"
                size="small"
                variant="secondary"
                onClick={() => set({ lines: [...form.lines, { productId: "", quantity: 1 }] })}
              >
                Add a product
              </Button>
            </div>
          </Container>
        </div>

        <div className="flex min-w-0 flex-col gap-4">
          <PhonePanel phone={phone} productIds={productIds} />
          <Container className="flex flex-col gap-y-2 p-4" data-testid="order-summary">
            <div className="flex justify-between">
              <Text size="small">Products</Text>
              <Text size="small">{formatMoney(totals.subtotal)}</Text>
            </div>
            <div className="flex justify-between">
              <Text size="small">{DELIVERY_AREA_LABELS[areaOf(form)]}</Text>
              <Text size="small">{formatMoney(totals.delivery)}</Text>
            </div>
            <div className="flex justify-between">
              <Text weight="plus">Cash to collect</Text>
              <Text weight="plus" data-testid="order-total">
                {formatMoney(totals.total)}
              </Text>
            </div>
            {problem ? (
              <Text size="xsmall" className="text-ui-fg-muted" data-testid="order-problem">
                {problem}
              </Text>
            ) : null}
            <Button type="submit" isLoading={add.isPending} disabled={Boolean(problem)}>
              Save order
            </Button>
          </Container>
        </div>
      </form>
    </Page>
  )
}

export const handle = {
  breadcrumb: () => "Add order",
}

export default AddOrderPage
