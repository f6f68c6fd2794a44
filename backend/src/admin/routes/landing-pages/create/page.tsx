import { LandingEditor } from "#app/admin/components/landing-editor/landing-editor"

/** /app/landing-pages/create: the editor for a new page. */
const CreateLandingPage = () => <LandingEditor />

export const handle = {
  breadcrumb: () => "Create Landing Page",
}

export default CreateLandingPage
