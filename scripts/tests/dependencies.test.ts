import assert from "node:assert/strict"
import { execFileSync } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { test } from "node:test"
import { ROOT } from "../lib/stack"

const manifests = [
  "package.json",
  "packages/contract/package.json",
  "backend/package.json",
  "storefront/package.json",
].map((file) => ({
  file,
  json: JSON.parse(readFileSync(path.join(ROOT, file), "utf8")) as Record<string, Record<string, string>>,
}))

test("every @medusajs package is pinned to one exact version", () => {
  const versions = new Set<string>()
  for (const { file, json } of manifests) {
    for (const field of ["dependencies", "devDependencies"]) {
      for (const [name, range] of Object.entries(json[field] ?? {})) {
        if (!name.startsWith("@medusajs/")) continue
        assert.match(range, /^\d+\.\d+\.\d+$/, `${file}: ${name} is "${range}", not an exact version`)
        if (name !== "@medusajs/ui") versions.add(range)
      }
    }
  }
  assert.deepEqual([...versions], ["2.21.2"])
})

test("workspaces are listed by name", () => {
  assert.deepEqual(manifests[0].json.workspaces, [
    "packages/contract",
    "packages/fonts",
    "backend",
    "storefront",
  ] as never)
})

test("the fonts come from npm packages pinned exactly, and every face is one subset that swaps", () => {
  const fonts = JSON.parse(readFileSync(path.join(ROOT, "packages/fonts/package.json"), "utf8")) as {
    dependencies: Record<string, string>
  }
  for (const [name, version] of Object.entries(fonts.dependencies)) {
    assert.match(name, /^@fontsource\//)
    assert.match(version, /^\d+\.\d+\.\d+$/, `${name} ${version}`)
  }
  for (const file of ["bengali.css", "admin.css", "landing.css"]) {
    const css = readFileSync(path.join(ROOT, "packages/fonts", file), "utf8")
    const faces = css.match(/@font-face \{[^}]*\}/g) ?? []
    assert.ok(faces.length > 0, file)
    for (const face of faces) {
      assert.match(face, /font-display: swap;/, `${file}: ${face}`)
      assert.match(face, /unicode-range:\s+U\+/, `${file}: ${face}`)
      // files from the npm packages, never a font CDN
      const [, url] = /src: url\(["']([^"']+)["']\) format\(["']woff2["']\)/.exec(face) ?? []
      assert.match(url ?? "", /^@fontsource\/[a-z-]+\/files\/[a-z0-9-]+\.woff2$/, `${file}: ${face}`)
      assert.ok(readFileSync(path.join(ROOT, "node_modules", url!)).length > 1000, url)
    }
  }
})

test("the contract imports nothing: no dependencies, only its own files", () => {
  const contract = manifests[1].json
  assert.equal(contract.dependencies, undefined)
  const src = path.join(ROOT, "packages", "contract", "src")
  for (const file of readdirSync(src).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
    const text = readFileSync(path.join(src, file), "utf8")
    for (const [, spec] of text.matchAll(/\bfrom\s+["']([^"']+)["']/g)) {
      assert.match(spec, /^\.\/[a-z-]+$/, `${file} imports ${spec}`)
    }
  }
})

test("the admin, the storefront and the dashboard share one react-query and one router", () => {
  const tree = JSON.parse(
    execFileSync("npm", ["ls", "--all", "--json", "@tanstack/react-query", "react-router-dom", "@medusajs/ui"], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 64 * 1024 * 1024,
    }).toString()
  )
  const seen = new Map<string, Set<string>>()
  const walk = (deps: Record<string, { version?: string; dependencies?: object }> = {}) => {
    for (const [name, node] of Object.entries(deps)) {
      if (node.version && ["@tanstack/react-query", "react-router-dom", "@medusajs/ui"].includes(name)) {
        if (!seen.has(name)) seen.set(name, new Set())
        seen.get(name)!.add(node.version)
      }
      walk(node.dependencies as never)
    }
  }
  walk(tree.dependencies)
  assert.deepEqual([...(seen.get("@tanstack/react-query") ?? [])], ["5.64.2"])
  assert.deepEqual([...(seen.get("react-router-dom") ?? [])], ["7.18.2"])
  assert.deepEqual([...(seen.get("@medusajs/ui") ?? [])], ["4.2.6"])
})
