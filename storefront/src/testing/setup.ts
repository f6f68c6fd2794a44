import "@testing-library/jest-dom/vitest"

import { cleanup } from "@testing-library/react"
import { afterEach } from "vitest"
import { resetToasts } from "@/components/ui/toast"
import { resetGuestCartCache } from "@/features/cart/utils/guest-cart"

afterEach(() => {
  cleanup()
  resetToasts()
  if (typeof window !== "undefined") {
    window.sessionStorage.clear()
    window.localStorage.clear()
  }
  resetGuestCartCache()
})

// scripts a page adds (Meta's pixel) are not fetched from the internet in tests
const happyDOM = (globalThis as { happyDOM?: { settings: { disableJavaScriptFileLoading: boolean } } }).happyDOM
if (happyDOM) happyDOM.settings.disableJavaScriptFileLoading = true
