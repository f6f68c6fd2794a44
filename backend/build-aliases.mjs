// After `medusa build`: the compiled server names backend/src by its alias
// (`#app/...`, tsconfig "paths"); this rewrites each to a relative path, as
// Medusa's guide to TypeScript aliases does with tsc-alias. The built server
// then resolves its own files whatever tsconfig.json Medusa's CLI finds (it
// registers tsconfig-paths, which would otherwise map the alias back to the
// TypeScript sources).
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

const server = path.join(path.dirname(fileURLToPath(import.meta.url)), ".medusa", "server")
const src = path.join(server, "src")
const ALIAS = /(["'])#app\/([^"']+)\1/g

let files = 0
let rewritten = 0
function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (full !== path.join(src, "admin")) walk(full)
    } else if (entry.name.endsWith(".js")) {
      const text = readFileSync(full, "utf8")
      const out = text.replace(ALIAS, (_, quote, target) => {
        rewritten++
        let rel = path.relative(path.dirname(full), path.join(src, target)).split(path.sep).join("/")
        if (!rel.startsWith(".")) rel = `./${rel}`
        return `${quote}${rel}${quote}`
      })
      if (out !== text) {
        writeFileSync(full, out)
        files++
      }
    }
  }
}
walk(src)
console.log(`build-aliases: ${rewritten} #app imports made relative in ${files} files`)
