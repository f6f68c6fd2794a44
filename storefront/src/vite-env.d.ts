/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Publishable key for `vite dev`; production injects it through /shop-config.js. */
  readonly VITE_MEDUSA_PUBLISHABLE_KEY?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}

interface Window {
  /** Set by /shop-config.js, which the storefront server generates at runtime. */
  __SHOP_CONFIG__?: unknown
}
