import { startLate } from "./lib/late-start"

import "./base.css"
// the page's styles come with the page (inlined by the storefront server), not with the app
import "./features/landing/landing.css"

/**
 * Entry of the landing pages (landing.html): /landing/{slug} and
 * /order-confirmation. The storefront server renders the landing page into
 * #root and hands its data over; the app (landing-hydrate.tsx) is fetched and
 * hydrates that HTML once the page's first picture is on the screen or the
 * shopper touches the page (lib/late-start.ts): on a phone's slow line the
 * picture and the text come first, the app's 60 KB after. The confirmation is
 * rendered by the app (its order is the tab's history state).
 */
const late = startLate(() => {
  import("./landing-hydrate").then(
    ({ startLandingApp }) => startLandingApp(late.done),
    // the app could not be fetched: the page stays as the server sent it, its buttons no longer held
    () => late.done()
  )
})
