import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CircleHalfDottedClock } from "@medusajs/icons"
import { Button, Container, Heading, Table, Text, toast, Tooltip, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import { Page, PageHeader } from "../../components/page-header"
import { useConvertIncompleteOrder, useIncompleteOrders } from "../../hooks/use-incomplete-orders"
import { messageOr } from "../../lib/errors"
import { LANDING_DRAFT_MAX_AGE_DAYS } from "@shop/contract"
import {
  convertBlocker,
  draftAge,
  draftDetails,
  INCOMPLETE_ORDERS_PAGE_SIZE,
  phoneLink,
  type IncompleteOrder,
} from "../../lib/incomplete-orders"

const DraftRow = ({ draft }: { draft: IncompleteOrder }) => {
  const prompt = usePrompt()
  const convert = useConvertIncompleteOrder()
  const blocker = convertBlocker(draft)
  const details = draftDetails(draft)

  const onConvert = async () => {
    const confirmed = await prompt({
      title: "Convert to an order",
      description: `Place a cash-on-delivery order for ${draft.name} (${draft.phone}) from /${draft.page.slug}? Call the shopper first to confirm.`,
      confirmText: "Convert",
      cancelText: "Cancel",
    })
    if (!confirmed) return
    convert.mutate(draft._id, {
      onSuccess: (answer) => toast.success(answer.message || "Order created"),
      onError: (error) => toast.error(messageOr(error, "Could not convert the incomplete order")),
    })
  }

  const button = (
    <Button
      size="small"
      variant="secondary"
      disabled={!!blocker}
      isLoading={convert.isPending}
      onClick={() => void onConvert()}
      aria-label={`Convert the incomplete order of ${draft.phone}`}
    >
      Convert
    </Button>
  )

  return (
    <Table.Row data-testid="incomplete-order-row" data-phone={draft.phone}>
      <Table.Cell className="max-w-[220px]">
        <div className="flex flex-col leading-tight">
          <Text size="small" weight="plus" className="truncate">
            {draft.page.title ?? <span className="text-ui-fg-muted">Deleted page</span>}
          </Text>
          <code className="txt-compact-xsmall text-ui-fg-subtle truncate">/{draft.page.slug}</code>
        </div>
      </Table.Cell>
      <Table.Cell>
        <a className="text-ui-fg-interactive txt-compact-small font-mono hover:underline" href={phoneLink(draft)}>
          {draft.phone}
        </a>
      </Table.Cell>
      <Table.Cell className="max-w-[180px]">
        <Text size="small" className="truncate">
          {draft.name ?? <span className="text-ui-fg-muted">—</span>}
        </Text>
      </Table.Cell>
      <Table.Cell className="max-w-[280px]">
        <div className="flex flex-col leading-tight">
          <Text size="small" className="truncate" title={draft.address ?? undefined}>
            {draft.address ?? <span className="text-ui-fg-muted">—</span>}
          </Text>
          {details ? <span className="txt-compact-xsmall text-ui-fg-muted">{details}</span> : null}
        </div>
      </Table.Cell>
      <Table.Cell>
        <Text size="small" title={new Date(draft.updatedAt).toLocaleString()}>
          {draftAge(draft)}
        </Text>
      </Table.Cell>
      <Table.Cell className="text-right">{blocker ? <Tooltip content={blocker}><span>{button}</span></Tooltip> : button}</Table.Cell>
    </Table.Row>
  )
}

/** Incomplete orders (issue 17): landing-page order forms a shopper left with a valid phone typed. */
const IncompleteOrdersPage = () => {
  const [offset, setOffset] = useState(0)
  const limit = INCOMPLETE_ORDERS_PAGE_SIZE
  const drafts = useIncompleteOrders({ offset, limit })
  const count = drafts.data?.count ?? 0
  const rows = drafts.data?.data ?? []

  return (
    <Page>
      <PageHeader
        title="Incomplete orders"
        subtitle={`Landing-page order forms left with a phone number. Call, then convert. Kept ${LANDING_DRAFT_MAX_AGE_DAYS} days.`}
      />
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <Heading level="h2">Open ({count})</Heading>
        </div>
        {drafts.isPending ? (
          <div className="px-6 py-10 text-center">
            <Text className="text-ui-fg-muted">Loading...</Text>
          </div>
        ) : drafts.isError ? (
          <div className="px-6 py-4">
            <Text className="text-ui-fg-error">{messageOr(drafts.error, "Failed to load incomplete orders")}</Text>
          </div>
        ) : rows.length === 0 ? (
          <div className="px-6 py-10 text-center">
            <Text className="text-ui-fg-muted">No incomplete orders.</Text>
          </div>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>Page</Table.HeaderCell>
                  <Table.HeaderCell>Phone</Table.HeaderCell>
                  <Table.HeaderCell>Name</Table.HeaderCell>
                  <Table.HeaderCell>Address</Table.HeaderCell>
                  <Table.HeaderCell>Age</Table.HeaderCell>
                  <Table.HeaderCell className="text-right">Actions</Table.HeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((draft) => (
                  <DraftRow key={draft._id} draft={draft} />
                ))}
              </Table.Body>
            </Table>
          </div>
        )}
        {count > limit ? (
          <div className="flex items-center justify-between px-6 py-3">
            <Text size="small" className="text-ui-fg-subtle">
              {offset + 1}-{Math.min(offset + limit, count)} of {count}
            </Text>
            <div className="flex gap-x-2">
              <Button size="small" variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - limit))}>
                Previous
              </Button>
              <Button size="small" variant="secondary" disabled={offset + limit >= count} onClick={() => setOffset(offset + limit)}>
                Next
              </Button>
            </div>
          </div>
        ) : null}
      </Container>
    </Page>
  )
}

export const config = defineRouteConfig({
  label: "Incomplete orders",
  icon: CircleHalfDottedClock,
  rank: 5,
})

export const handle = {
  breadcrumb: () => "Incomplete orders",
}

export default IncompleteOrdersPage
