import { ArrowLeft } from "@medusajs/icons"
import { Alert, Badge, Button, IconButton, Tabs, toast } from "@medusajs/ui"
import { useState } from "react"
import { useNavigate } from "react-router-dom"
import { useSaveLandingPage } from "../../hooks/use-landing-pages"
import { useProducts } from "../../hooks/use-products"
import { serverMessage } from "../../lib/errors"
import {
  badgeDeliveryWarning,
  editorStateFromPage,
  emptyEditorState,
  missingRequired,
  type EditorState,
  type LandingPage,
} from "../../lib/landing-pages"
import { metaPixelProblem } from "../../lib/meta"
import { Page, PageHeader } from "../page-header"
import { LandingPreview } from "./preview"
import { BasicTab, BenefitsTab, HeroTab, SettingsTab, StylingTab, TestimonialsTab } from "./tabs"

const TABS = [
  { id: "basic", label: "Basic" },
  { id: "hero", label: "Hero" },
  { id: "benefits", label: "Benefits" },
  { id: "testimonials", label: "Testimonials" },
  { id: "settings", label: "Settings" },
  { id: "styling", label: "Styling" },
] as const

type TabId = (typeof TABS)[number]["id"]

const LIST_PATH = "/landing-pages"

/**
 * The landing page editor (SPEC.md section 2.16): create when there is no
 * page, edit when there is one; six tabs and a live preview beside them.
 */
export const LandingEditor = ({ page }: { page?: LandingPage }) => {
  const navigate = useNavigate()
  const products = useProducts()
  const save = useSaveLandingPage()
  const [state, setState] = useState<EditorState>(() => (page ? editorStateFromPage(page) : emptyEditorState()))
  const [tab, setTab] = useState<TabId>("basic")
  const editing = Boolean(page)
  const product = products.data?.find((p) => p._id === state.productId) ?? page?.productId ?? undefined
  const badgeWarning = badgeDeliveryWarning(state.trustBadges)

  const onSave = () => {
    if (missingRequired(state)) {
      toast.error("Please fill in all required fields")
      setTab("basic")
      return
    }
    const pixelProblem = metaPixelProblem(state.metaPixelId)
    if (pixelProblem) {
      toast.error(pixelProblem)
      setTab("settings")
      return
    }
    save.mutate(
      { id: page?._id ?? null, state },
      {
        onSuccess: () => {
          toast.success(editing ? "Landing page updated successfully" : "Landing page created successfully")
          navigate(LIST_PATH)
        },
        onError: (error) => toast.error(serverMessage(error) ?? "Something went wrong"),
      }
    )
  }

  return (
    <Page>
      <PageHeader
        title={editing ? "Edit Landing Page" : "Create Landing Page"}
        subtitle={editing ? page?.title : "A single-product page with a cash-on-delivery order form"}
        leading={
          <IconButton
            size="small"
            variant="transparent"
            aria-label="Back to landing pages"
            onClick={() => navigate(LIST_PATH)}
          >
            <ArrowLeft />
          </IconButton>
        }
        actions={
          <>
            {editing ? (
              <Badge size="2xsmall" color={page?.isActive ? "green" : "grey"}>
                {page?.isActive ? "Published" : "Draft"}
              </Badge>
            ) : null}
            <Button size="small" variant="secondary" onClick={() => navigate(LIST_PATH)}>
              Back
            </Button>
            <Button size="small" onClick={onSave} isLoading={save.isPending}>
              {editing ? "Update Landing Page" : "Save Landing Page"}
            </Button>
          </>
        }
      />
      <div className="grid grid-cols-1 gap-3 xl:grid-cols-[minmax(0,1fr)_360px]">
        <div className="flex min-w-0 flex-col gap-y-3">
          {/* above the tabs: seen whichever tab is open, while the page would say it */}
          {badgeWarning ? (
            <Alert variant="warning" role="status" data-testid="badge-delivery-warning">
              {badgeWarning}
            </Alert>
          ) : null}
          <Tabs value={tab} onValueChange={(v) => setTab(v as TabId)}>
            <Tabs.List className="mb-3 flex flex-wrap">
              {TABS.map((t) => (
                <Tabs.Trigger key={t.id} value={t.id}>
                  {t.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="basic">
              <BasicTab state={state} setState={setState} products={products.data} editing={editing} />
            </Tabs.Content>
            <Tabs.Content value="hero">
              <HeroTab state={state} setState={setState} />
            </Tabs.Content>
            <Tabs.Content value="benefits">
              <BenefitsTab state={state} setState={setState} />
            </Tabs.Content>
            <Tabs.Content value="testimonials">
              <TestimonialsTab state={state} setState={setState} />
            </Tabs.Content>
            <Tabs.Content value="settings">
              <SettingsTab state={state} setState={setState} />
            </Tabs.Content>
            <Tabs.Content value="styling">
              <StylingTab state={state} setState={setState} />
            </Tabs.Content>
          </Tabs>
        </div>
        <div className="xl:sticky xl:top-3 xl:self-start">
          <LandingPreview state={state} product={product} />
        </div>
      </div>
    </Page>
  )
}
