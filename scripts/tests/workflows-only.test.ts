import assert from "node:assert/strict"
import { describe, it, test } from "node:test"
import { ESLint, RuleTester, type Rule } from "eslint"
import tseslint from "typescript-eslint"
import { ROOT } from "../lib/stack"

// the rule is plain JavaScript (eslint.config.mjs imports it); read with its type
const { default: workflowsOnly } = (await import(new URL("../lint/workflows-only.mjs", import.meta.url).href)) as {
  default: Rule.RuleModule
}

// RuleTester reports through node:test's describe/it
RuleTester.describe = describe
RuleTester.it = it
RuleTester.itOnly = it.only

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: "module" } })
const error = (name: string) => ({ messageId: "plainFunction", data: { name } })

tester.run("shop/workflows-only", workflowsOnly, {
  valid: [
    `export const bookCourierWorkflow = createWorkflow("book-courier", (input) => new WorkflowResponse(input))`,
    `export const planStep = createStep("plan", async (input, { container }) => new StepResponse(input), async () => {})`,
    `export type Plan = { already: boolean }`,
    `export interface Reported { collectedAmount?: number }`,
    `export const LEASE_SECONDS = 120`,
    `export const MOVES = { delivered: "delivered" } as const`,
    // a helper the file keeps to itself, and one it re-exports from where it lives
    `const events = (container) => container.resolve("metaEvents"); export const s = createStep("s", async (i, { container }) => events(container))`,
    `export { splitName } from "../../lib/person-name"`,
    `export type { ShopOrderPlaced }; type ShopOrderPlaced = { id: string }`,
    `import { x } from "./x"; export { x }`,
    `export default createWorkflow("w", () => new WorkflowResponse(undefined))`,
  ],
  invalid: [
    {
      code: `export async function bookCourier(container, orderId) { return orderId }`,
      errors: [error("bookCourier")],
    },
    { code: `export function parcelOf(order) { return order }`, errors: [error("parcelOf")] },
    { code: `export const pollCouriers = async (container) => 0`, errors: [error("pollCouriers")] },
    { code: `export const cartRequestKey = (cartId: string) => ({ key: cartId })`, errors: [error("cartRequestKey")] },
    { code: `export const sameSecret = function (a, b) { return a === b }`, errors: [error("sameSecret")] },
    { code: `export const typed = (async () => 1) as unknown as () => Promise<number>`, errors: [error("typed")] },
    { code: `async function syncParcel() {}\nexport { syncParcel }`, errors: [error("syncParcel")] },
    { code: `const send = async () => {}\nexport { send as sendMetaPurchase }`, errors: [error("sendMetaPurchase")] },
    { code: `export default async function () {}`, errors: [error("default")] },
    { code: `async function confirmOrder() {}\nexport default confirmOrder`, errors: [error("confirmOrder")] },
    {
      code: `export const step = createStep("s", async () => {}), helper = () => 1`,
      errors: [error("helper")],
    },
  ],
})

// The repository's config applies the rule to backend/src/workflows (hooks aside) and nowhere else.
test("eslint.config.mjs reports a plain function exported from backend/src/workflows, not from hooks, read models or lib", async () => {
  const eslint = new ESLint({ cwd: ROOT })
  const code = `export async function confirmOrder(): Promise<void> {}\n`
  const lint = async (file: string) =>
    (await eslint.lintText(code, { filePath: `${ROOT}/${file}` }))[0]!.messages.filter(
      (m) => m.ruleId === "shop/workflows-only"
    ).length
  assert.equal(await lint("backend/src/workflows/lint-probe.ts"), 1)
  assert.equal(await lint("backend/src/workflows/steps/lint-probe.ts"), 1)
  assert.equal(await lint("backend/src/workflows/hooks/lint-probe.ts"), 0)
  assert.equal(await lint("backend/src/read-models/lint-probe.ts"), 0)
  assert.equal(await lint("backend/src/lib/lint-probe.ts"), 0)
})
