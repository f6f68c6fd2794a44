import type { ApiAnswer } from "@shop/contract"
import { sdk } from "./sdk"

/**
 * GET of a public read (the catalog, a product): the same answer for every
 * visitor. In the browser it goes through the sdk; when the storefront server
 * renders a page it reads from its own shared cache instead (the server sets
 * the reader once, at start), so the page's HTML and the app's first render
 * hold the same data.
 */
export type PublicReader = (path: string) => Promise<unknown>

let serverReader: PublicReader | null = null

/** The storefront server's reader (null: none, the sdk reads); it throws errors with the answer's `status`, as the sdk's do. */
export function setPublicReader(reader: PublicReader | null): void {
  serverReader = reader
}

/** `T`: the route's answer type from @shop/contract. */
export function publicGet<T extends ApiAnswer>(path: string): Promise<T> {
  return serverReader ? (serverReader(path) as Promise<T>) : sdk.client.fetch<T>(path)
}

/** Query meta of a public read: the storefront server fetches it before rendering the page that asks. */
export const SERVER_RENDERED = { ssr: true } as const
