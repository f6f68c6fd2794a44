import { useSyncExternalStore } from "react"

const subscribeNever = () => () => undefined

/**
 * False while the storefront server renders a page and while the browser
 * hydrates that HTML, true from the browser's next render on. The first render
 * in the browser must be the server's, so what only the browser knows (session
 * and local storage, the clock) is read once this is true: React renders again
 * right after it has hydrated the page. A component first
 * rendered later (a page opened in the app, a page the app renders alone) gets
 * true at once, so it never shows the server's view first.
 *
 * The shop's (the landing app's countdown has its own copy: a module shared by
 * both apps would be one more file for a landing page, whose budget is tight).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false
  )
}
