import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ShoppingCart } from "@medusajs/icons"
import {
  Badge,
  Button,
  Checkbox,
  Container,
  createDataTableColumnHelper,
  DataTable,
  Heading,
  Text,
  toast,
  useDataTable,
  usePrompt,
  type DataTableCommand,
  type DataTablePaginationState,
  type DataTableRowSelectionState,
} from "@medusajs/ui"
import { useMemo, useState } from "react"
import { Link } from "react-router-dom"
import { formatDateTime } from "@shop/contract"
import { formatMoney } from "@shop/contract"
import { BulkCourierModal } from "../../components/bulk-courier-modal"
import { BulkStatusModal } from "../../components/bulk-status-modal"
import { CourierCashSummary } from "../../components/courier-cash"
import { CourierLine } from "../../components/courier-parcel"
import { BkashBadge, GuestBadge, NewBadge, OrderStatusBadge } from "../../components/order-badges"
import { OrderDetailsModal } from "../../components/order-details-modal"
import { PhoneVerifiedBadge, RiskBadge } from "../../components/order-risk"
import { Page, PageHeader } from "../../components/page-header"
import { SupportPhone } from "../../components/support-phone"
import { useExportOrders, usePrintOrders } from "../../hooks/use-dispatch"
import { useOrders } from "../../hooks/use-orders"
import { canSendToCourier } from "../../lib/couriers"
import { printedBefore, printedLabel, printRequest, saveFile, takenLabel } from "../../lib/dispatch"
import { messageOr, serverMessage } from "../../lib/errors"
import { showsRiskInList } from "../../lib/guard"
import {
  customerNameOf,
  isNewOrder,
  normalizeSearch,
  orderNumberOf,
  ORDERS_PAGE_SIZE,
  phoneOf,
  SEARCH_PLACEHOLDER,
  type ShopOrder,
} from "../../lib/orders"

const columnHelper = createDataTableColumnHelper<ShopOrder>()

function useColumns(onView: (order: ShopOrder) => void) {
  return useMemo(
    () => [
      // rows are picked for the bulk actions: print, change status, export, send to courier
      columnHelper.select({
        header: ({ table }) => (
          <Checkbox
            aria-label="Select all orders on this page"
            onClick={(event) => event.stopPropagation()}
            checked={table.getIsSomePageRowsSelected() ? "indeterminate" : table.getIsAllPageRowsSelected()}
            onCheckedChange={(checked) => table.toggleAllPageRowsSelected(Boolean(checked))}
            disabled={!table.getRowModel().rows.some((row) => row.getCanSelect())}
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            aria-label={`Select order ${orderNumberOf(row.original)}`}
            onClick={(event) => event.stopPropagation()}
            checked={row.getIsSelected()}
            onCheckedChange={(checked) => row.toggleSelected(Boolean(checked))}
            disabled={!row.getCanSelect()}
          />
        ),
      }),
      columnHelper.accessor((order) => orderNumberOf(order), {
        id: "orderNumber",
        header: "Order Number",
        cell: ({ row }) => (
          <div className="flex flex-col items-start gap-y-1">
            <div className="flex items-center gap-x-2">
              <span className="font-mono" data-testid="order-number">
                {orderNumberOf(row.original)}
              </span>
              {isNewOrder(row.original.orderDate) ? <NewBadge /> : null}
              {row.original.isGuest ? <GuestBadge /> : null}
            </div>
            <DispatchBadges order={row.original} />
            {/* under the number, as the courier sits under the status: the table keeps its width at 1366 px */}
            {row.original.risk && showsRiskInList(row.original.risk) ? (
              <RiskBadge level={row.original.risk.level} />
            ) : null}
            {row.original.risk?.phoneVerified ? <PhoneVerifiedBadge /> : null}
          </div>
        ),
        truncateTooltip: false,
      }),
      columnHelper.accessor((order) => customerNameOf(order), {
        id: "customer",
        header: "Customer | Phone",
        cell: ({ row }) => (
          <div className="flex flex-col leading-tight">
            <span className="truncate">{customerNameOf(row.original)}</span>
            <span className="text-ui-fg-muted txt-compact-xsmall truncate">{phoneOf(row.original) || "—"}</span>
          </div>
        ),
        truncateTooltip: false,
      }),
      columnHelper.accessor("orderDate", {
        header: "Order Date",
        cell: ({ getValue }) => formatDateTime(getValue()),
      }),
      columnHelper.accessor("orderStatus", {
        header: "Order Status | Courier",
        cell: ({ row }) => (
          <div className="flex flex-col items-start gap-y-1">
            <OrderStatusBadge status={row.original.orderStatus} />
            <CourierLine courier={row.original.courier} />
          </div>
        ),
        truncateTooltip: false,
      }),
      columnHelper.accessor("TotalAmount", {
        header: "Order Price",
        cell: ({ row }) => (
          <div className="flex flex-col items-end gap-y-1">
            <span>{formatMoney(row.original.TotalAmount)}</span>
            <BkashBadge bkash={row.original.bkash} />
          </div>
        ),
        align: "right",
        truncateTooltip: false,
      }),
      columnHelper.accessor((order) => order._id, {
        id: "view",
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => (
          <Button
            size="small"
            variant="secondary"
            onClick={(event) => {
              event.stopPropagation()
              onView(row.original)
            }}
          >
            View Details
          </Button>
        ),
        truncateTooltip: false,
        align: "right",
      }),
    ],
    [onView]
  )
}

/** Where a staff-taken order came from, and whether its papers were printed. */
const DispatchBadges = ({ order }: { order: ShopOrder }) => {
  const taken = takenLabel(order.dispatch)
  const printed = printedLabel(order.dispatch)
  if (!taken && !printed) return null
  return (
    <div className="flex items-center gap-x-1">
      {taken ? (
        <Badge size="2xsmall" color="blue" data-testid="taken-badge">
          {taken}
        </Badge>
      ) : null}
      {printed ? (
        <Badge size="2xsmall" color="grey" data-testid="printed-badge">
          {printed}
        </Badge>
      ) : null}
    </div>
  )
}

/** All Orders (SPEC.md section 2.13): searched and paged by the server, 20 a page. */
const ShopOrdersPage = () => {
  const [search, setSearch] = useState("")
  const [pagination, setPagination] = useState<DataTablePaginationState>({ pageIndex: 0, pageSize: ORDERS_PAGE_SIZE })
  const [selected, setSelected] = useState<ShopOrder | null>(null)
  const [rowSelection, setRowSelection] = useState<DataTableRowSelectionState>({})
  const [bulkIds, setBulkIds] = useState<string[] | null>(null)
  const [statusIds, setStatusIds] = useState<string[] | null>(null)
  const print = usePrintOrders()
  const exporting = useExportOrders()
  const prompt = usePrompt()

  const term = normalizeSearch(search)
  const params = { q: term, offset: pagination.pageIndex * pagination.pageSize, limit: pagination.pageSize }
  const list = useOrders(params)
  // the unsearched first page: its count is the Total badge (and it is the same query as page 1)
  const all = useOrders({ q: "", offset: 0, limit: ORDERS_PAGE_SIZE })

  /** One PDF of invoices and labels; orders printed before are printed again only when the admin says so. */
  const printOrders = async (ids: string[] | "today") => {
    const send = async (reprint: boolean) => {
      const file = await print.mutateAsync(printRequest(ids, reprint))
      saveFile(file)
      toast.success(`Printed ${file.count ?? ""} order${file.count === 1 ? "" : "s"}`.replace("  ", " "))
      if (ids !== "today") setRowSelection({})
    }
    try {
      await send(false)
    } catch (error) {
      const before = printedBefore(error)
      if (!before) {
        toast.error(serverMessage(error) ?? "Could not print the orders")
        return
      }
      const again = await prompt({
        title: "Print again?",
        description: before,
        confirmText: "Print again",
        cancelText: "Cancel",
      })
      if (!again) return
      await send(true).catch((e: unknown) => toast.error(serverMessage(e) ?? "Could not print the orders"))
    }
  }
  const exportOrders = (ids: string[]) =>
    exporting
      .mutateAsync({ orderIds: ids })
      .then(saveFile, (error: unknown) => toast.error(serverMessage(error) ?? "Could not export the orders"))

  const columns = useColumns(setSelected)
  const commands: DataTableCommand[] = [
    { label: "Print", shortcut: "p", action: (selection) => void printOrders(Object.keys(selection)) },
    { label: "Change status", shortcut: "s", action: (selection) => setStatusIds(Object.keys(selection)) },
    { label: "Export CSV", shortcut: "e", action: (selection) => void exportOrders(Object.keys(selection)) },
    {
      label: "Send to courier",
      shortcut: "c",
      // the orders of this page that can still go to a courier (one of another page is left to the server's answer)
      action: (selection) =>
        setBulkIds(
          Object.keys(selection).filter((id) => {
            const order = list.data?.orders.find((o) => o._id === id)
            return !order || canSendToCourier(order)
          })
        ),
    },
  ]
  const table = useDataTable({
    columns,
    data: list.data?.orders ?? [],
    getRowId: (order) => order._id,
    rowCount: list.data?.count ?? 0,
    isLoading: list.isPending,
    search: {
      state: search,
      onSearchChange: (value) => {
        setSearch(value)
        setPagination((p) => ({ ...p, pageIndex: 0 }))
      },
      debounce: 300,
    },
    pagination: { state: pagination, onPaginationChange: setPagination },
    rowSelection: {
      state: rowSelection,
      onRowSelectionChange: setRowSelection,
      enableRowSelection: true,
    },
    commands,
    onRowClick: (_event, order) => setSelected(order),
  })

  return (
    <Page>
      <PageHeader
        title="Orders"
        actions={
          <Button size="small" variant="secondary" asChild>
            <Link to="/shop-orders/new">Add order</Link>
          </Button>
        }
        subtitle={
          <>
            Every order placed in the shop and on its landing pages
            <SupportPhone className="block" />
          </>
        }
      />
      <CourierCashSummary />
      <Container className="divide-y p-0">
        <DataTable instance={table}>
          <DataTable.Toolbar className="flex flex-col items-start justify-between gap-3 px-6 py-4 md:flex-row md:items-center">
            <div className="flex items-center gap-x-2">
              <Heading level="h2">All Orders</Heading>
              <Badge size="2xsmall" color="grey" data-testid="orders-total">
                Total: {all.data?.count ?? "…"}
              </Badge>
              {term ? (
                <Badge size="2xsmall" color="blue" data-testid="orders-found">
                  Found: {list.isPlaceholderData ? "…" : (list.data?.count ?? 0)}
                </Badge>
              ) : null}
            </div>
            <div className="flex w-full items-center gap-x-2 md:w-auto">
              <Button
                size="small"
                variant="secondary"
                className="shrink-0"
                isLoading={print.isPending}
                onClick={() => void printOrders("today")}
                data-testid="print-today"
              >
                Print today&apos;s orders
              </Button>
              <div className="w-full md:w-[380px]">
                <DataTable.Search placeholder={SEARCH_PLACEHOLDER} aria-label="Search orders" className="w-full" />
              </div>
            </div>
          </DataTable.Toolbar>
          {list.isError ? (
            <div className="px-6 py-4">
              <Text className="text-ui-fg-error">{messageOr(list.error, "Failed to load orders")}</Text>
            </div>
          ) : null}
          <DataTable.Table
            emptyState={{
              empty: { heading: "No orders found" },
              filtered: { heading: `No orders found matching "${term}"` },
            }}
          />
          <DataTable.Pagination />
          <DataTable.CommandBar selectedLabel={(count) => `${count} selected`} />
        </DataTable>
      </Container>
      <OrderDetailsModal order={selected} onClose={() => setSelected(null)} />
      <BulkStatusModal
        orderIds={statusIds}
        onClose={() => setStatusIds(null)}
        onDone={() => {
          setStatusIds(null)
          setRowSelection({})
        }}
      />
      <BulkCourierModal
        orderIds={bulkIds}
        onClose={() => setBulkIds(null)}
        onDone={() => {
          setBulkIds(null)
          setRowSelection({})
        }}
      />
    </Page>
  )
}

export const config = defineRouteConfig({
  label: "Shop Orders",
  icon: ShoppingCart,
  rank: 2,
})

export const handle = {
  breadcrumb: () => "Shop Orders",
}

export default ShopOrdersPage
