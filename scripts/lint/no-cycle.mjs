/**
 * `shop/no-cycle`: no file reaches itself through its imports, type-only imports included.
 *
 * eslint-plugin-import-x's `no-cycle` (like eslint-plugin-import's) always skips
 * `import type` and `import { type X }` edges and has no option to count them,
 * while this repository wants zero cycles of any kind. This rule reads every
 * import form TypeScript knows (`import`, `import type`, `export ... from`,
 * `import()`, `require()`, `import("x").T`) with `ts.preProcessFile`, resolves it
 * with the compiler options of the file's own tsconfig (so `#app/*`, `@/*` and
 * the `@shop/contract` workspace resolve as tsc resolves them) and reports an
 * import when the imported file leads back to the importing one.
 *
 * Options: `{ projects: [["backend/", "backend/tsconfig.json"], ...] }`: the
 * tsconfig (relative to the repository root) for files under each folder,
 * first match wins; files under none use the root tsconfig.json.
 */
import { readFileSync } from "node:fs"
import path from "node:path"
import ts from "typescript"

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..")
const SOURCE = /\.(?:[cm]?ts|tsx|[cm]?js|jsx)$/

/** tsconfig path -> { options, cache } */
const projects = new Map()
/** file -> resolved local files it imports, read from disk once per lint run */
const edges = new Map()

function project(tsconfig) {
  let entry = projects.get(tsconfig)
  if (!entry) {
    const config = ts.readConfigFile(tsconfig, ts.sys.readFile)
    const { options } = ts.parseJsonConfigFileContent(config.config ?? {}, ts.sys, path.dirname(tsconfig))
    const cache = ts.createModuleResolutionCache(path.dirname(tsconfig), (f) => f, options)
    entry = { options, cache }
    projects.set(tsconfig, entry)
  }
  return entry
}

function tsconfigOf(file, mapping) {
  const rel = path.relative(ROOT, file).split(path.sep).join("/")
  const hit = mapping.find(([dir]) => rel.startsWith(dir))
  return path.join(ROOT, hit ? hit[1] : "tsconfig.json")
}

/** The local source file `spec` names from `file`, or null (packages, node built-ins, unresolved). */
function resolve(spec, file, mapping) {
  const { options, cache } = project(tsconfigOf(file, mapping))
  const found = ts.resolveModuleName(spec, file, options, ts.sys, cache).resolvedModule
  if (!found || found.isExternalLibraryImport) return null
  const target = path.resolve(found.resolvedFileName)
  if (!target.startsWith(ROOT + path.sep) || target.includes(`${path.sep}node_modules${path.sep}`)) return null
  if (target.endsWith(".d.ts") || !SOURCE.test(target)) return null
  return target
}

function importsIn(text) {
  return ts.preProcessFile(text, true, true).importedFiles
}

function importedFiles(file, mapping) {
  let out = edges.get(file)
  if (!out) {
    let text = ""
    try {
      text = readFileSync(file, "utf8")
    } catch {
      /* a file that vanished has no imports */
    }
    out = [
      ...new Set(
        importsIn(text)
          .map((r) => resolve(r.fileName, file, mapping))
          .filter(Boolean)
      ),
    ]
    edges.set(file, out)
  }
  return out
}

/** Shortest import path from `start` back to `goal`, as a list of files, or null. */
function pathBack(start, goal, mapping) {
  const previous = new Map([[start, null]])
  const queue = [start]
  while (queue.length) {
    const file = queue.shift()
    for (const next of importedFiles(file, mapping)) {
      if (next === goal) {
        const chain = [file]
        for (let f = previous.get(file); f; f = previous.get(f)) chain.unshift(f)
        return chain
      }
      if (!previous.has(next)) {
        previous.set(next, file)
        queue.push(next)
      }
    }
  }
  return null
}

const show = (file) => path.relative(ROOT, file).split(path.sep).join("/")

export default {
  meta: {
    type: "problem",
    docs: { description: "Forbid import cycles, type-only imports included" },
    schema: [
      {
        type: "object",
        properties: {
          projects: { type: "array", items: { type: "array", items: { type: "string" }, minItems: 2, maxItems: 2 } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        "Import cycle: {{chain}}. Type-only imports count: move what they share into a file that imports none of them.",
    },
  },
  create(context) {
    const file = path.resolve(context.physicalFilename)
    if (!SOURCE.test(file)) return {}
    const mapping = context.options[0]?.projects ?? []
    return {
      Program() {
        const { sourceCode } = context
        // The file as the linter sees it (it may differ from disk while fixing).
        const own = new Set()
        for (const ref of importsIn(sourceCode.text)) {
          const target = resolve(ref.fileName, file, mapping)
          if (!target || target === file || own.has(target)) continue
          own.add(target)
          const chain = pathBack(target, file, mapping)
          if (!chain) continue
          context.report({
            loc: { start: sourceCode.getLocFromIndex(ref.pos), end: sourceCode.getLocFromIndex(ref.end) },
            messageId: "cycle",
            data: { chain: [file, ...chain, file].map(show).join(" -> ") },
          })
        }
      },
    }
  },
}
