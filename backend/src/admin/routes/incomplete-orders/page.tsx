import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CircleHalfDottedClock } from "@medusajs/icons"
import {
  Button,
  clx,
  Container,
  createDataTableColumnHelper,
  DataTable,
  Heading,
  Text,
  toast,
  Tooltip,
  useDataTable,
  usePrompt,
  type DataTablePaginationState,
} from "@medusajs/ui"
import { useState } from "react"
import { LANDING_DRAFT_MAX_AGE_DAYS } from "@shop/contract"
import { Page, PageHeader } from "../../components/page-header"
import { RowMarker } from "../../components/row-marker"
import { useConvertIncompleteOrder, useIncompleteOrders } from "../../hooks/use-incomplete-orders"
import { messageOr } from "../../lib/errors"
import {
  convertBlocker,
  draftAge,
  draftDetails,
  INCOMPLETE_ORDERS_PAGE_SIZE,
  phoneLink,
  type IncompleteOrder,
} from "../../lib/incomplete-orders"

/** Convert, after a prompt; with its reason in a tooltip while the draft cannot be converted. */
const ConvertButton = ({ draft }: { draft: IncompleteOrder }) => {
  const prompt = usePrompt()
  const convert = useConvertIncompleteOrder()
  const blocker = convertBlocker(draft)

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

  return blocker ? (
    <Tooltip content={blocker}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  )
}

const columnHelper = createDataTableColumnHelper<IncompleteOrder>()

// the cells truncate their own text: DataTable's truncating tooltip is off
const columns = [
  columnHelper.accessor((draft) => draft.page.slug, {
    id: "page",
    header: "Page",
    cell: ({ row }) => (
      <div className="flex flex-col leading-tight">
        <RowMarker testId="incomplete-order-row" name="phone" value={row.original.phone} />
        <Text size="small" weight="plus" className="truncate">
          {row.original.page.title ?? <span className="text-ui-fg-muted">Deleted page</span>}
        </Text>
        <code className="txt-compact-xsmall text-ui-fg-subtle truncate">/{row.original.page.slug}</code>
      </div>
    ),
    maxSize: 220,
    truncateTooltip: false,
  }),
  columnHelper.accessor("phone", {
    header: "Phone",
    cell: ({ row }) => (
      <a className="text-ui-fg-interactive txt-compact-small font-mono hover:underline" href={phoneLink(row.original)}>
        {row.original.phone}
      </a>
    ),
    truncateTooltip: false,
  }),
  columnHelper.accessor("name", {
    header: "Name",
    cell: ({ getValue }) => (
      <Text size="small" className="truncate">
        {getValue() ?? <span className="text-ui-fg-muted">—</span>}
      </Text>
    ),
    maxSize: 180,
    truncateTooltip: false,
  }),
  columnHelper.accessor("address", {
    header: "Address",
    cell: ({ row }) => {
      const details = draftDetails(row.original)
      return (
        <div className="flex flex-col leading-tight">
          <Text size="small" className="truncate" title={row.original.address ?? undefined}>
            {row.original.address ?? <span className="text-ui-fg-muted">—</span>}
          </Text>
          {details ? <span className="txt-compact-xsmall text-ui-fg-muted">{details}</span> : null}
        </div>
      )
    },
    maxSize: 280,
    truncateTooltip: false,
  }),
  columnHelper.accessor("updatedAt", {
    header: "Age",
    cell: ({ row }) => (
      <Text size="small" title={new Date(row.original.updatedAt).toLocaleString()}>
        {draftAge(row.original)}
      </Text>
    ),
    truncateTooltip: false,
  }),
  // not "action": DataTable narrows a column of that id to one icon button
  columnHelper.accessor((draft) => draft._id, {
    id: "actions",
    header: "Actions",
    cell: ({ row }) => <ConvertButton draft={row.original} />,
    align: "right",
    truncateTooltip: false,
  }),
]

/** Incomplete orders: landing-page order forms a shopper left with a valid phone typed. */
const IncompleteOrdersPage = () => {
  const [pagination, setPagination] = useState<DataTablePaginationState>({
    pageIndex: 0,
    pageSize: INCOMPLETE_ORDERS_PAGE_SIZE,
  })
  const limit = pagination.pageSize
  const offset = pagination.pageIndex * limit
  const drafts = useIncompleteOrders({ offset, limit })
  const count = drafts.data?.count ?? 0
  const rows = drafts.data?.data ?? []
  const table = useDataTable({
    columns,
    data: rows,
    getRowId: (draft) => draft._id,
    rowCount: count,
    pagination: { state: pagination, onPaginationChange: setPagination },
  })
  const showTable = !drafts.isPending && !drafts.isError && rows.length > 0

  return (
    <Page>
      <PageHeader
        title="Incomplete orders"
        subtitle={`Landing-page order forms left with a phone number. Call, then convert. Kept ${LANDING_DRAFT_MAX_AGE_DAYS} days.`}
      />
      <Container className="p-0">
        <div className="divide-y">
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
          ) : null}
        </div>
        {/* outside the divided block: the table draws its own top and bottom borders */}
        {showTable ? (
          <DataTable instance={table}>
            <DataTable.Table />
          </DataTable>
        ) : null}
        {/* the page's own pager over the table's paging: DataTable.Pagination words it differently ("Prev", "results", "pages") */}
        {count > limit ? (
          <div className={clx("flex items-center justify-between px-6 py-3", { "border-t": !showTable })}>
            <Text size="small" className="text-ui-fg-subtle">
              {offset + 1}-{Math.min(offset + limit, count)} of {count}
            </Text>
            <div className="flex gap-x-2">
              <Button
                size="small"
                variant="secondary"
                disabled={!table.getCanPreviousPage()}
                onClick={() => table.previousPage()}
              >
                Previous
              </Button>
              <Button
                size="small"
                variant="secondary"
                disabled={!table.getCanNextPage()}
                onClick={() => table.nextPage()}
              >
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
