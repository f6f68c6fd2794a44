/**
 * The integrator's check: Medusa's own Next.js storefront starter against
 * this shop, unchanged but for the bKash button an integrator adds
 * (bkash-patch.ts). Starts the shop's real stack on a fresh
 * database, copies the starter's source into a temporary folder, installs and
 * builds it pointed at the shop (the publishable key from the stack,
 * NEXT_PUBLIC_DEFAULT_REGION=bd), starts it and walks a shopper through it in
 * Chromium (walk.spec.ts): catalog in BDT, cart, address, Inside Dhaka,
 * Manual Payment, the order placed, and the order found in the shop's own list;
 * then bKash: the order placed, paid on (the fake) bKash's page, paid in the shop.
 *
 *   git clone https://github.com/medusajs/nextjs-starter-medusa /tmp/nextjs-starter-medusa
 *   STARTER_DIR=/tmp/nextjs-starter-medusa npx tsx scripts/starter-check/run.ts
 *
 * Not part of npm test: the starter's install and build take a few minutes
 * and need the npm registry.
 */
import { spawn } from "node:child_process"
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { freePort, ROOT, run, stopService, waitForHttp } from "../lib/stack"
import { withTestStack } from "../lib/test-stack"
import { addBkashToStarter } from "./bkash-patch"

const say = (line: string) => console.log(`[starter] ${line}`)
const source = process.env.STARTER_DIR

if (!source) {
  console.error("Set STARTER_DIR to a checkout of https://github.com/medusajs/nextjs-starter-medusa")
  process.exit(2)
}

withTestStack(
  "shop_starter",
  async ({ publicUrl, publishableKey }) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "nextjs-starter-"))
    try {
      cpSync(source, dir, { recursive: true, filter: (p) => !/[/\\](node_modules|\.next|\.git)([/\\]|$)/.test(p) })
      addBkashToStarter(dir)
      const port = await freePort()
      writeFileSync(
        path.join(dir, ".env.local"),
        [
          `MEDUSA_BACKEND_URL=${publicUrl}`,
          `NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY=${publishableKey}`,
          `NEXT_PUBLIC_BASE_URL=http://localhost:${port}`,
          "NEXT_PUBLIC_DEFAULT_REGION=bd",
          "REVALIDATE_SECRET=starter-check",
        ].join("\n") + "\n"
      )
      say(`installing the starter in ${dir}...`)
      await run("npm", ["install", "--no-audit", "--no-fund", "--legacy-peer-deps"], {
        cwd: dir,
        label: "starter install",
      })
      say("building it against the shop...")
      await run("npx", ["next", "build"], { cwd: dir, label: "starter build" })
      const child = spawn("npx", ["next", "start", "-p", String(port)], { cwd: dir, stdio: "ignore", detached: true })
      const starter = { child }
      try {
        await waitForHttp(`http://localhost:${port}/favicon.ico`, child)
        say(`starter http://localhost:${port}, shop ${publicUrl}: walking a shopper through it...`)
        await run(
          path.join(ROOT, "node_modules", ".bin", "playwright"),
          ["test", "--config", path.join(ROOT, "scripts", "starter-check", "playwright.config.ts")],
          {
            cwd: ROOT,
            env: { STARTER_URL: `http://localhost:${port}`, SHOP_URL: publicUrl },
            log: (line) => console.log(line),
            label: "starter walk",
          }
        )
        return 0
      } catch (error) {
        console.error(error instanceof Error ? error.message : error)
        return 1
      } finally {
        await stopService(starter)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },
  say
).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
)
