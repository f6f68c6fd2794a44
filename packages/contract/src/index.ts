/**
 * @shop/contract: the one place for what the backend, the storefront, the
 * Medusa Admin extensions, the e2e specs and the bench share. It imports
 * nothing (eslint and scripts/tests/contract checks keep it so).
 */
export * from "./api"
export * from "./badges"
export * from "./catalog"
export * from "./confirmation"
export * from "./courier"
export * from "./dashboard"
export * from "./dates"
export * from "./delivery"
export * from "./delivery-area"
export * from "./drafts"
export * from "./edge"
export * from "./email"
export * from "./guard"
export * from "./landing"
export * from "./messages"
export * from "./meta"
export * from "./money"
export * from "./orders"
export * from "./pages"
export * from "./phone"
export * from "./contact"
export * from "./slug"
export * from "./support"
export * from "./time"
