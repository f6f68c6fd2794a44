import { startLate, type LateStart } from "./lib/late-start"
import "./styles.css"

/**
 * Entry of the shop (index.html). The storefront server renders the pages a
 * guest browses (/, /shop/list, /shop/product/{id}) into #root with the data
 * they show; the app (shop-hydrate.tsx) is fetched and hydrates that HTML once
 * the page's first picture is on the screen or the shopper touches the page
 * (lib/late-start.ts): on a phone's slow line the picture and the text come
 * first, the app's 120 KB after. A page the server did not render (checkout,
 * profile, sign-in) is the app's alone: it starts at once.
 */
const rendered = Boolean(document.getElementById("root")?.firstElementChild)
const late: LateStart = rendered ? startLate(start) : { done: () => undefined }
if (!rendered) start()

function start() {
  import("./shop-hydrate").then(
    ({ startShopApp }) => startShopApp(late.done),
    // the app could not be fetched: the page stays as the server sent it, its buttons no longer held
    () => late.done()
  )
}
