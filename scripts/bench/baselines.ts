/**
 * The baselines `npm run bench` compares the shop against, each a bare Node
 * `http` server in a process of its own (so it doesn't share an event loop
 * with autocannon):
 *
 *   B0  GET  /       a fixed JSON body
 *   B1  POST /order  the minimum of an order on its own small tables in the
 *                    same PostgreSQL: one transaction with a conditional stock
 *                    decrement and an order insert (201, or 409 when out of stock)
 *
 * As a program: `tsx scripts/bench/baselines.ts b0|b1 <port> [databaseUrl]`,
 * prints `ready` once listening. startBaseline() starts one that way.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { fileURLToPath } from "node:url"
import pg from "pg"
import { freePort, stopService } from "../lib/stack"

/** B1's own tables (created, emptied and stocked by prepareB1). */
export const B1_PRODUCT_TABLE = "bench_b1_product"
export const B1_ORDER_TABLE = "bench_b1_order"
export const B1_PRODUCT_ID = 1

/** (Re)creates B1's tables with one product holding `stock` units. */
export async function prepareB1(databaseUrl: string, stock = 1_000_000_000): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(`drop table if exists ${B1_ORDER_TABLE}, ${B1_PRODUCT_TABLE}`)
    await client.query(`create table ${B1_PRODUCT_TABLE} (id int primary key, stock int not null check (stock >= 0))`)
    await client.query(
      `create table ${B1_ORDER_TABLE} (
         id bigserial primary key,
         product_id int not null references ${B1_PRODUCT_TABLE}(id),
         quantity int not null,
         guest_name text not null,
         created_at timestamptz not null default now())`
    )
    await client.query(`insert into ${B1_PRODUCT_TABLE} (id, stock) values ($1, $2)`, [B1_PRODUCT_ID, stock])
  } finally {
    await client.end()
  }
}

export type Baseline = { name: string; url: string; child: ChildProcess; stop: () => Promise<void> }

/** Starts baseline `kind` on a free loopback port; resolves once it listens. */
export async function startBaseline(kind: "b0" | "b1", databaseUrl?: string): Promise<Baseline> {
  const port = await freePort()
  const file = fileURLToPath(import.meta.url)
  const child = spawn(process.execPath, ["--import", "tsx", file, kind, String(port), databaseUrl ?? ""], {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  let stderr = ""
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`baseline ${kind} did not start: ${stderr}`)), 30_000)
    child.stdout!.on("data", (c: Buffer) => {
      if (c.toString().includes("ready")) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`baseline ${kind} ended (exit ${code}): ${stderr}`))
    })
  })
  child.stdout!.resume()
  return {
    name: kind.toUpperCase(),
    url: `http://127.0.0.1:${port}`,
    child,
    stop: () => stopService({ child }, 3_000),
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ""
    req.setEncoding("utf8")
    req.on("data", (c: string) => (body += c))
    req.on("end", () => resolve(body))
    req.on("error", reject)
  })
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  })
  res.end(text)
}

function serveB0(port: number): void {
  const body = JSON.stringify({ success: true, data: { message: "hello", items: [1, 2, 3] } })
  createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) })
    res.end(body)
  }).listen(port, "127.0.0.1", () => console.log("ready"))
}

function serveB1(port: number, databaseUrl: string): void {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.BENCH_B1_POOL || 10) })
  createServer(async (req, res) => {
    if (req.method !== "POST") return send(res, 404, { success: false })
    let client: pg.PoolClient | undefined
    try {
      const input = JSON.parse((await readBody(req)) || "{}") as {
        productId?: number
        quantity?: number
        guestName?: string
      }
      const productId = Number(input.productId ?? B1_PRODUCT_ID)
      const quantity = 1
      client = await pool.connect()
      await client.query("begin")
      const taken = await client.query(
        `update ${B1_PRODUCT_TABLE} set stock = stock - 1 where id = $1 and stock >= 1`,
        [productId]
      )
      if (taken.rowCount !== 1) {
        await client.query("rollback")
        return send(res, 409, { success: false, message: "out of stock" })
      }
      const { rows } = await client.query(
        `insert into ${B1_ORDER_TABLE} (product_id, quantity, guest_name) values ($1, $2, $3) returning id`,
        [productId, quantity, String(input.guestName ?? "Bench")]
      )
      await client.query("commit")
      send(res, 201, { success: true, data: { _id: String(rows[0].id) } })
    } catch (error) {
      await client?.query("rollback").catch(() => undefined)
      send(res, 500, { success: false, message: error instanceof Error ? error.message : String(error) })
    } finally {
      client?.release()
    }
  }).listen(port, "127.0.0.1", () => console.log("ready"))
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [kind, port, databaseUrl] = process.argv.slice(2)
  if (kind === "b0") serveB0(Number(port))
  else if (kind === "b1" && databaseUrl) serveB1(Number(port), databaseUrl)
  else {
    console.error("usage: baselines.ts b0|b1 <port> [databaseUrl]")
    process.exit(2)
  }
}
