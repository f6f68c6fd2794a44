import { useParams } from "react-router-dom"
import { LandingPageScreen } from "@/features/landing/components/landing-page"

// the landing pages' styles, for the shop's route (landing-styles.css says why a file of its own)
import "./landing-styles.css"

/** /landing/{slug}: the public landing page, outside the shop layout (SPEC 2.10). */
export function LandingRoute() {
  const { slug = "" } = useParams()
  // A new slug is a new visit: fresh form state.
  return <LandingPageScreen key={slug} slug={slug} />
}
