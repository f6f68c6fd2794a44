import { defineRouteConfig } from "@medusajs/admin-sdk"
import {
  ArrowUpRightOnBox,
  DocumentText,
  Eye,
  EyeSlash,
  PencilSquare,
  Plus,
  SquareTwoStack,
  Trash,
} from "@medusajs/icons"
import {
  Badge,
  Button,
  Container,
  createDataTableColumnHelper,
  DataTable,
  Heading,
  IconButton,
  Label,
  Select,
  Text,
  toast,
  Tooltip,
  useDataTable,
  usePrompt,
} from "@medusajs/ui"
import { Link, useNavigate } from "react-router-dom"
import {
  formatDate,
  META_PURCHASE_TRIGGER_LABELS,
  META_PURCHASE_TRIGGERS,
  type MetaPurchaseTrigger,
} from "@shop/contract"
import { Page, PageHeader } from "../../components/page-header"
import { RowMarker } from "../../components/row-marker"
import { StatCard } from "../../components/stat-card"
import { useDeleteLandingPage, useLandingPages, useToggleLandingPage } from "../../hooks/use-landing-pages"
import { useMetaSettings, useSaveMetaSettings } from "../../hooks/use-meta"
import { messageOr } from "../../lib/errors"
import { conversionRate, landingSummary, type LandingPageListItem } from "../../lib/landing-pages"

/** The public address of a page, on the origin the admin is served from. */
function publicUrl(slug: string): string {
  return `${window.location.origin}/landing/${slug}`
}

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text)
    return
  }
  // older browsers and non-secure origins
  const area = document.createElement("textarea")
  area.value = text
  area.setAttribute("readonly", "")
  area.style.position = "fixed"
  area.style.opacity = "0"
  document.body.appendChild(area)
  area.select()
  const ok = document.execCommand("copy")
  area.remove()
  if (!ok) throw new Error("copy refused")
}

/** The page's address, with a button that copies its public URL. */
const SlugCell = ({ slug }: { slug: string }) => {
  const copy = () =>
    copyText(publicUrl(slug)).then(
      () => toast.success("Landing page URL copied to clipboard!"),
      () => toast.error("Could not copy the URL")
    )
  return (
    <div className="flex items-center gap-x-1">
      <code className="txt-compact-small text-ui-fg-subtle">/{slug}</code>
      <Tooltip content="Copy URL">
        <IconButton size="2xsmall" variant="transparent" aria-label={`Copy URL of /${slug}`} onClick={copy}>
          <SquareTwoStack />
        </IconButton>
      </Tooltip>
    </div>
  )
}

const AnalyticsCell = ({ page }: { page: LandingPageListItem }) => {
  const views = page.analytics?.views ?? 0
  const orders = page.analytics?.orders ?? 0
  const drafts = page.analytics?.drafts ?? 0
  const recovered = page.analytics?.recovered ?? 0
  const purchases = page.analytics?.purchasesSent ?? 0
  return (
    // the five lines keep clear of the row's edges
    <div className="py-2">
      <div className="txt-compact-xsmall flex flex-col leading-tight" data-testid="landing-analytics">
        <span>{views} views</span>
        <span>{orders} orders</span>
        <span className="text-ui-fg-muted">{conversionRate(views, orders)}% conversion</span>
        <Link to="/incomplete-orders" className="text-ui-fg-subtle hover:underline" data-testid="landing-drafts">
          {drafts} incomplete, {recovered} recovered
        </Link>
        <span className="text-ui-fg-subtle" data-testid="landing-meta-purchases">
          {purchases} {purchases === 1 ? "Purchase" : "Purchases"} sent to Meta
        </span>
      </div>
    </div>
  )
}

/** View, edit, publish or unpublish, delete: each row keeps its own pending state. */
const PageActions = ({ page }: { page: LandingPageListItem }) => {
  const navigate = useNavigate()
  const prompt = usePrompt()
  const toggle = useToggleLandingPage()
  const remove = useDeleteLandingPage()

  const onToggle = () =>
    toggle.mutate(page._id, {
      onSuccess: (answer) =>
        toast.success(
          answer.message || (answer.data?.isActive ? "Landing page published" : "Landing page unpublished")
        ),
      onError: (error) => toast.error(messageOr(error, "Something went wrong")),
    })

  const onDelete = async () => {
    const confirmed = await prompt({
      title: "Delete landing page",
      description: "Are you sure you want to delete this landing page?",
      confirmText: "Delete",
      cancelText: "Cancel",
    })
    if (!confirmed) return
    remove.mutate(page._id, {
      onSuccess: () => toast.success("Landing page deleted successfully"),
      onError: (error) => toast.error(messageOr(error, "Something went wrong")),
    })
  }

  return (
    <div className="flex items-center justify-end gap-x-1">
      {page.isActive ? (
        <IconButton size="small" variant="transparent" asChild>
          <a
            href={`/landing/${page.slug}`}
            target="_blank"
            rel="noopener noreferrer"
            title="View"
            aria-label={`Open /landing/${page.slug}`}
          >
            <ArrowUpRightOnBox />
          </a>
        </IconButton>
      ) : (
        <IconButton
          size="small"
          variant="transparent"
          disabled
          title="Publish the page to view it"
          aria-label="View (publish first)"
        >
          <ArrowUpRightOnBox />
        </IconButton>
      )}
      <IconButton
        size="small"
        variant="transparent"
        title="Edit"
        aria-label={`Edit ${page.title}`}
        onClick={() => navigate(`/landing-pages/edit/${page._id}`)}
      >
        <PencilSquare />
      </IconButton>
      <IconButton
        size="small"
        variant="transparent"
        title={page.isActive ? "Unpublish" : "Publish"}
        aria-label={page.isActive ? "Unpublish" : "Publish"}
        isLoading={toggle.isPending}
        onClick={onToggle}
      >
        {page.isActive ? <EyeSlash /> : <Eye />}
      </IconButton>
      <IconButton
        size="small"
        variant="transparent"
        title="Delete"
        aria-label={`Delete ${page.title}`}
        isLoading={remove.isPending}
        onClick={() => void onDelete()}
        className="text-ui-fg-error"
      >
        <Trash />
      </IconButton>
    </div>
  )
}

const columnHelper = createDataTableColumnHelper<LandingPageListItem>()

// the cells truncate (or wrap) their own text: DataTable's truncating tooltip is off
const columns = [
  columnHelper.accessor("title", {
    header: "Title",
    cell: ({ row }) => (
      <>
        <RowMarker testId="landing-page-row" name="slug" value={row.original.slug} />
        <Text size="small" weight="plus" className="truncate">
          {row.original.title}
        </Text>
      </>
    ),
    maxSize: 240,
    truncateTooltip: false,
  }),
  columnHelper.accessor((page) => page.productId?.title, {
    id: "product",
    header: "Product",
    cell: ({ getValue }) => (
      <Text size="small" className="truncate">
        {getValue() ?? <span className="text-ui-fg-error">Product not found</span>}
      </Text>
    ),
    maxSize: 200,
    truncateTooltip: false,
  }),
  columnHelper.accessor("slug", {
    header: "Slug",
    cell: ({ getValue }) => <SlugCell slug={getValue()} />,
    truncateTooltip: false,
  }),
  columnHelper.accessor("isActive", {
    header: "Status",
    cell: ({ getValue }) => (
      <Badge size="2xsmall" color={getValue() ? "green" : "grey"} data-testid="landing-status">
        {getValue() ? "Published" : "Draft"}
      </Badge>
    ),
    truncateTooltip: false,
  }),
  columnHelper.accessor((page) => page.analytics?.views ?? 0, {
    id: "analytics",
    header: "Analytics",
    cell: ({ row }) => <AnalyticsCell page={row.original} />,
    truncateTooltip: false,
  }),
  columnHelper.accessor("createdAt", {
    header: "Created",
    cell: ({ getValue }) => <Text size="small">{formatDate(getValue())}</Text>,
    truncateTooltip: false,
  }),
  // not "action": DataTable narrows a column of that id to one icon button
  columnHelper.accessor((page) => page._id, {
    id: "actions",
    header: "Actions",
    cell: ({ row }) => <PageActions page={row.original} />,
    align: "right",
    truncateTooltip: false,
  }),
]

/**
 * Meta ads: when the server sends Purchase for landing orders, the
 * shop's default pixel and whether the Conversions API token is set.
 */
const MetaSettingsCard = () => {
  const settings = useMetaSettings()
  const save = useSaveMetaSettings()
  const onChange = (value: string) =>
    save.mutate(value as MetaPurchaseTrigger, {
      onSuccess: (answer) => toast.success(answer.message || "Meta settings saved"),
      onError: (error) => toast.error(messageOr(error, "Something went wrong")),
    })
  return (
    <Container className="flex flex-wrap items-end justify-between gap-4 px-6 py-4" data-testid="meta-settings">
      <div className="flex flex-col gap-y-1">
        <Heading level="h2">Meta ads</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Pages send PageView and Lead from the browser; the shop sends Purchase from the server, never for fake or
          cancelled orders.
        </Text>
        <Text size="xsmall" className="text-ui-fg-muted" data-testid="meta-settings-status">
          {settings.data
            ? `Default pixel: ${settings.data.defaultPixelId ?? "none (META_PIXEL_ID)"} · Conversions API token: ${settings.data.tokenSet ? "set" : "not set (META_CAPI_TOKEN): Purchases wait"}`
            : settings.isError
              ? messageOr(settings.error, "Failed to load the Meta settings")
              : "Loading..."}
        </Text>
      </div>
      <div className="flex min-w-[280px] flex-col gap-y-2">
        <Label htmlFor="meta-purchase-on" size="small" weight="plus">
          Send Purchase to Meta
        </Label>
        <Select value={settings.data?.purchaseOn} onValueChange={onChange} disabled={!settings.data || save.isPending}>
          <Select.Trigger id="meta-purchase-on" aria-label="Send Purchase to Meta">
            <Select.Value placeholder="Loading..." />
          </Select.Trigger>
          <Select.Content>
            {META_PURCHASE_TRIGGERS.map((t) => (
              <Select.Item key={t} value={t}>
                {META_PURCHASE_TRIGGER_LABELS[t]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
      </div>
    </Container>
  )
}

/** Landing Pages (SPEC.md section 2.15). */
const LandingPagesPage = () => {
  const pages = useLandingPages()
  const summary = landingSummary(pages.data ?? [])
  const table = useDataTable({ columns, data: pages.data ?? [], getRowId: (page) => page._id })

  return (
    <Page>
      <PageHeader
        title="Landing Pages"
        subtitle="Single-product pages that take cash-on-delivery orders"
        actions={
          <Button size="small" asChild>
            <Link to="/landing-pages/create">
              <Plus />
              Create Landing Page
            </Link>
          </Button>
        }
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard testId="summary-pages" title="Total Pages" value={summary.totalPages} />
        <StatCard testId="summary-active" title="Active Pages" value={summary.activePages} />
        <StatCard testId="summary-views" title="Total Views" value={summary.totalViews} />
        <StatCard testId="summary-orders" title="Total Orders" value={summary.totalOrders} />
      </div>
      <MetaSettingsCard />
      <Container className="p-0">
        <div className="divide-y">
          <div className="px-6 py-4">
            <Heading level="h2">All Landing Pages</Heading>
          </div>
          {pages.isPending ? (
            <div className="px-6 py-10 text-center">
              <Text className="text-ui-fg-muted">Loading...</Text>
            </div>
          ) : pages.isError ? (
            <div className="px-6 py-4">
              <Text className="text-ui-fg-error">{messageOr(pages.error, "Failed to load landing pages")}</Text>
            </div>
          ) : pages.data.length === 0 ? (
            <div className="px-6 py-10 text-center">
              <Text className="text-ui-fg-muted">No landing pages yet. Create your first one!</Text>
            </div>
          ) : null}
        </div>
        {/* outside the divided block: the table draws its own top and bottom borders */}
        {pages.isSuccess && pages.data.length > 0 ? (
          <DataTable instance={table}>
            <DataTable.Table />
          </DataTable>
        ) : null}
      </Container>
    </Page>
  )
}

export const config = defineRouteConfig({
  label: "Landing Pages",
  icon: DocumentText,
  rank: 4,
})

export const handle = {
  breadcrumb: () => "Landing Pages",
}

export default LandingPagesPage
