import { Container, Text, toast } from "@medusajs/ui"
import { useEffect } from "react"
import { useParams } from "react-router-dom"
import { LandingEditor } from "#app/admin/components/landing-editor/landing-editor"
import { Page, PageHeader } from "#app/admin/components/page-header"
import { useLandingPage } from "#app/admin/hooks/use-landing-pages"
import { serverMessage } from "#app/admin/lib/errors"

/** /app/landing-pages/edit/:id: the editor for a stored page. */
const EditLandingPage = () => {
  const { id } = useParams()
  const page = useLandingPage(id)
  // 404 says 'Landing page not found'; a request that failed on the way, 'Failed to load landing page'
  const loadError = page.isError ? (serverMessage(page.error) ?? "Failed to load landing page") : null
  const noProduct = page.data ? !page.data.productId : false

  // notices are side effects of what was loaded, not state
  useEffect(() => {
    if (loadError) toast.error(loadError)
  }, [loadError])
  useEffect(() => {
    if (noProduct) toast.error("Product not found")
  }, [noProduct])

  if (page.data) {
    return <LandingEditor key={page.data._id} page={page.data} />
  }
  return (
    <Page>
      <PageHeader title="Edit Landing Page" />
      <Container className="px-6 py-10 text-center">
        <Text className={loadError ? "text-ui-fg-error" : "text-ui-fg-muted"}>{loadError ?? "Loading..."}</Text>
      </Container>
    </Page>
  )
}

export const handle = {
  breadcrumb: () => "Edit Landing Page",
}

export default EditLandingPage
