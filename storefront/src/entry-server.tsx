import { dehydrate, QueryClient, type Query } from "@tanstack/react-query"
import { renderToString } from "react-dom/server"
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom"
import { matchPagePath, type LandingPage, type Pictures } from "@shop/contract"
import { LandingApp } from "./app/landing-app"
import { AppProvider } from "./app/provider"
import { routes } from "./app/router"
import { landingHead, listingHead, productHead } from "./app/seo"
import { productKeys, type ProductView } from "./features/products/api/get-product"
import { productsKeys, type ProductList } from "./features/products/api/get-products"
import { hasListingParams, parseListingState, serializeListingState } from "./features/products/utils/filters"
import { SHOP_NAME } from "./lib/config"
import { queryConfig } from "./lib/react-query"
import type { LandingState, ShopState } from "./lib/ssr-state"

/**
 * The storefront server's renderer (built with `vite build --ssr` into
 * dist-ssr/): the HTML of the pages a visitor from an ad or a shared link
 * opens first, with the data they show, for the apps to hydrate.
 */
export { setPublicReader } from "./lib/public-api"
export { serializeState, SSR_STATE_ID } from "./lib/ssr-state"

export type RenderedPage<State> = {
  status: 200 | 404
  /** The app's HTML, for inside #root. */
  html: string
  /** Tags for <head>: title, description, Open Graph, Twitter, JSON-LD. */
  head: string
  state: State
}

/**
 * /landing/{slug}: `page` the published page, null when there is none (404);
 * `pictures` the answer's pictures of its URLs.
 */
export function renderLandingPage(
  path: string,
  page: LandingPage | null,
  origin: string,
  given?: Pictures | null
): RenderedPage<LandingState> {
  // what the backend sent, as it is; anything but a map is none
  const pictures = given && typeof given === "object" ? given : {}
  const html = renderToString(<LandingApp path={path} page={page} pictures={pictures} />)
  const url = new URL(path, origin).href
  return {
    status: page ? 200 : 404,
    html,
    head: page
      ? landingHead(page, url, origin, pictures)
      : `<title>${SHOP_NAME}</title><meta name="robots" content="noindex">`,
    state: { page, pictures },
  }
}

const handler = createStaticHandler(routes)

const isServerRendered = (query: Query) => (query.meta as { ssr?: unknown } | undefined)?.ssr === true

/**
 * The address a shop page is rendered, kept and linked (canonical, og:url)
 * under: what the app reads of it and nothing else. The listing keeps its
 * filters and sort exactly as the app parses them (known values, one order);
 * fbclid, utm_* and any other parameter, and every other page's query, are
 * left out. So an ad link with its tracking parameters is the page everyone
 * else sees, and a flood of made-up queries is one page.
 */
export function shopPageKey(href: string): string {
  const url = new URL(href, "http://shop.invalid")
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname
  if (matchPagePath(pathname) !== "productList" || !hasListingParams(url.search)) return pathname
  return `${pathname}?${serializeListingState(parseListingState(url.search))}`
}

/**
 * /, /shop/list, /shop/product/{id}: renders once to learn the public reads
 * the page asks for, fetches them (through the reader the server set), and
 * renders again with them. null: the router answers with a redirect.
 */
export async function renderShopPage(href: string, origin: string): Promise<RenderedPage<ShopState> | null> {
  const url = new URL(href, origin)
  const context = await handler.query(new Request(url.href))
  if (context instanceof Response) return null
  const client = new QueryClient({ defaultOptions: { queries: { ...queryConfig.queries, retry: false } } })
  const render = () =>
    renderToString(
      <AppProvider client={client}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppProvider>
    )
  render()
  const wanted = client
    .getQueryCache()
    .findAll({ predicate: (query) => isServerRendered(query) && query.state.status === "pending" })
  await Promise.all(wanted.map((query) => client.prefetchQuery({ ...query.options, queryKey: query.queryKey })))
  const html = render()

  let status: 200 | 404 = 200
  let head = ""
  const page = matchPagePath(url.pathname)
  if (page === "product") {
    const id = decodeURIComponent(url.pathname.split("/").filter(Boolean)[2] ?? "")
    const view = client.getQueryData<ProductView | null>(productKeys.detail(id))
    if (view) head = productHead(view.product, url.href, origin, view.pictures)
    else {
      status = 404
      head = `<title>Product not found | ${SHOP_NAME}</title><meta name="robots" content="noindex">`
    }
  } else {
    const lists = client.getQueriesData<ProductList>({ queryKey: productsKeys.lists() })
    const list = lists.find(([, data]) => Array.isArray(data?.products))?.[1]
    const products = list?.products ?? []
    const pictures = list?.pictures ?? {}
    head =
      page === "home"
        ? listingHead(
            SHOP_NAME,
            "Clothing, footwear and accessories delivered across Bangladesh, cash on delivery.",
            products,
            url.href,
            origin,
            // home's first picture is the banner (SVG); its product cards are below the fold
            { pictures, preload: false }
          )
        : listingHead(
            `Shop all products | ${SHOP_NAME}`,
            "Clothing, footwear and accessories, with prices in taka.",
            products,
            url.href,
            origin,
            { pictures }
          )
  }
  const queries = dehydrate(client, {
    shouldDehydrateQuery: (query) => isServerRendered(query) && query.state.status === "success",
  })
  client.clear()
  return { status, html, head, state: { queries } }
}
