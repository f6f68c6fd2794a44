/**
 * `shop/workflows-only`: backend/src/workflows exports workflows and steps, not plain functions.
 *
 * Medusa's rule (and this repository's): every operation a route, job or
 * subscriber starts is a workflow of steps with compensation. An exported
 * plain function beside the workflows is called as a shortcut around them: its
 * writes have no compensation and its reads belong in src/read-models.
 * Reported, in the files the config gives the rule (eslint.config.mjs):
 *
 *   export function f() {}            export async function f() {}
 *   export const f = () => {}         export const f = async () => {}
 *   export const f = function () {}   export default function () {}
 *   function f() {}; export { f }     export default f   (f a local function)
 *
 * Fine: `export const x = createWorkflow(...)` / `createStep(...)` (calls),
 * types, constants that are not functions, and re-exports from another file
 * (`export { f } from "../lib/f"`: f is defined, and checked, where it lives).
 */

/** The expression under TypeScript's wrappers (`as`, `satisfies`, `!`, `<T>x`). */
function unwrap(node) {
  let current = node
  while (
    current &&
    (current.type === "TSAsExpression" ||
      current.type === "TSSatisfiesExpression" ||
      current.type === "TSNonNullExpression" ||
      current.type === "TSTypeAssertion")
  ) {
    current = current.expression
  }
  return current
}

const isFunction = (node) => {
  const inner = unwrap(node)
  return !!inner && (inner.type === "ArrowFunctionExpression" || inner.type === "FunctionExpression")
}

/** Whether `name`, seen from `node`, is a function declared in this file. */
function isLocalFunction(sourceCode, node, name) {
  for (let scope = sourceCode.getScope(node); scope; scope = scope.upper) {
    const variable = scope.set.get(name)
    if (!variable) continue
    return variable.defs.some(
      (def) =>
        def.type === "FunctionName" ||
        (def.type === "Variable" && def.node.type === "VariableDeclarator" && isFunction(def.node.init))
    )
  }
  return false
}

export default {
  meta: {
    type: "problem",
    docs: {
      description:
        "backend/src/workflows exports workflows and steps (createWorkflow, createStep), not plain functions",
    },
    schema: [],
    messages: {
      plainFunction:
        "`{{name}}` is a plain function exported from src/workflows: make it a workflow (createWorkflow) of steps (createStep, in workflows/steps), " +
        "a read model (src/read-models) or a pure helper (src/lib, or the module that owns it).",
    },
  },
  create(context) {
    const { sourceCode } = context
    const report = (node, name) => context.report({ node, messageId: "plainFunction", data: { name } })
    return {
      ExportNamedDeclaration(node) {
        const declaration = node.declaration
        if (declaration?.type === "FunctionDeclaration") {
          report(declaration, declaration.id?.name ?? "default")
        } else if (declaration?.type === "VariableDeclaration") {
          for (const declarator of declaration.declarations) {
            if (isFunction(declarator.init))
              report(declarator, declarator.id.type === "Identifier" ? declarator.id.name : "(destructured)")
          }
        } else if (!declaration && !node.source && node.exportKind !== "type") {
          for (const specifier of node.specifiers) {
            if (specifier.exportKind === "type" || specifier.local.type !== "Identifier") continue
            if (!isLocalFunction(sourceCode, node, specifier.local.name)) continue
            report(
              specifier,
              specifier.exported.type === "Identifier" ? specifier.exported.name : String(specifier.exported.value)
            )
          }
        }
      },
      ExportDefaultDeclaration(node) {
        const declaration = node.declaration
        if (declaration.type === "FunctionDeclaration" || isFunction(declaration)) {
          report(declaration, declaration.id?.name ?? "default")
        } else if (declaration.type === "Identifier" && isLocalFunction(sourceCode, node, declaration.name)) {
          report(declaration, declaration.name)
        }
      },
    }
  },
}
