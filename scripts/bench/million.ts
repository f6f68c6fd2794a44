/**
 * The landing COD order at scale: the shop's order history topped up in bulk
 * (1,000 orders, then BENCH_ORDERS, 1,000,000 by default), the same order load
 * at both sizes, and the query plans of what the order path asks the database
 * at every order (the fake-order guard's lookups, the idempotency lookup), so a
 * sequential scan shows by name before it shows as latency.
 *
 * The history is written with plain SQL (INSERT ... SELECT over
 * generate_series, one transaction per batch): shop_order rows as the shop
 * records them, one order_risk row and one order <-> shop order link per
 * order, and order_request rows for the last day's orders (older keys are
 * purged by the shop's job, so the table holds about one day of orders).
 * Columns follow the migrations of backend/src/modules/shop-order and
 * backend/src/modules/order-guard.
 */
import pg from "pg"

/** The order history the first landing COD order figure runs against. */
export const BASE_ORDERS = 1_000
/** Distinct customer phones the history is drawn from (about 90% of them get orders). */
export const PHONE_POOL = 330_000
/** Client addresses (IPv4, as the guard records them) the history is drawn from. */
export const ADDRESS_POOL = 50_000
const BATCH = 200_000
/** A phone's index is PHONE_POOL * u^SKEW: most phones get a few orders, the first ones hundreds. */
const SKEW = 1.6
const DAYS = 730

const LINK_TABLE = "order_order_shoporder_shop_order" // backend/src/modules/shop-order/link-table.ts
const ORDER_PATH_TABLES = ["shop_order", "order_risk", "order_request", LINK_TABLE]

type Log = (line: string) => void
const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10

async function withClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/**
 * The phone of customer `index`: 01[3-9] and 8 digits, distinct for every
 * index (the 8 digits are an invertible map of index / 7 modulo 10^8). The
 * seed's SQL computes the same (PHONE_SQL); indexes from PHONE_POOL up are
 * phones the history has never seen.
 */
export function benchPhone(index: number): string {
  const digits = (Math.floor(index / 7) * 48271 + 1234567) % 100_000_000
  return `01${3 + (index % 7)}${String(digits).padStart(8, "0")}`
}
const PHONE_SQL = `'01' || (3 + ph % 7)::text || lpad((((ph / 7) * 48271 + 1234567) % 100000000)::text, 8, '0')`

/** The client address of address `index` (10.x.y.z, distinct below 50,686). */
export function benchAddress(index: number): string {
  const a = index * 331
  return `10.${a >> 16}.${(a >> 8) & 255}.${a & 255}`
}
const ADDRESS_SQL = `'10.' || ((addr * 331) >> 16)::text || '.' || (((addr * 331) >> 8) & 255)::text || '.' || ((addr * 331) & 255)::text`

/**
 * One batch of orders n = $1..$2, all four tables in one statement (the rows
 * drawn once, then written by data-modifying CTEs). $3 the phone pool, $4 the
 * address pool, $5 the landing page slug most orders came through.
 */
const INSERT_BATCH = `
with products as materialized (
  select coalesce((select array_agg(id order by id) from product where deleted_at is null), array['prod_bench_none']) as ids
),
drawn as materialized (
  select g as n,
         floor($3::int * power(random(), ${SKEW}))::bigint as ph,
         floor(random() * $4::int)::bigint as addr,
         now() - random() * interval '${DAYS} days' as at,
         random() as r_status, random() as r_total, random() as r_slug, random() as r_product, random() as r_changed
    from generate_series($1::bigint, $2::bigint) g
),
src as materialized (
  select d.*,
         ${PHONE_SQL} as phone,
         ${ADDRESS_SQL} as client_address,
         (array['Rahim', 'Karim', 'Fatema', 'Ayesha', 'Nusrat', 'Sabbir', 'Tanvir', 'Jannat', 'Mim', 'Rakib', 'Sumaiya', 'Hasan'])[1 + (ph % 12)::int]
           || ' ' || (array['Ahmed', 'Hossain', 'Islam', 'Rahman', 'Khan', 'Chowdhury', 'Akter', 'Begum', 'Sarkar'])[1 + (ph / 12 % 9)::int] as name,
         ph % 10 < 4 as dhaka,
         case
           when at > now() - interval '7 days' then
             case when r_status < 0.35 then 'pending' when r_status < 0.6 then 'shipped' when r_status < 0.85 then 'delivered'
                  when r_status < 0.9 then 'completed' else 'cancelled' end
           else
             case when r_status < 0.62 then 'delivered' when r_status < 0.84 then 'completed' when r_status < 0.96 then 'cancelled'
                  when r_status < 0.98 then 'shipped' else 'pending' end
         end as status
    from drawn d
),
orders as (
  insert into shop_order (
    id, order_number, status, status_changed_at, is_guest, guest_name, guest_email, guest_phone, phone,
    customer_id, cart_id, landing_page_slug, address, delivery_area, delivery_charge, total, stock_taken,
    created_at, updated_at, deleted_at)
  select 'sord_bench_' || n, 'BENCH-' || n, status,
         case when status = 'pending' then at else least(now(), at + r_changed * interval '5 days') end,
         true, name, null, phone, phone, null, null,
         case when r_slug < 0.6 then $5::text end,
         jsonb_build_object(
           'name', name,
           'address', 'House ' || (1 + ph % 120) || ', Road ' || (1 + ph / 120 % 27),
           'city', case when dhaka then 'Dhaka'
                        else (array['Chattogram', 'Sylhet', 'Rajshahi', 'Khulna', 'Barishal', 'Rangpur', 'Mymensingh', 'Cumilla', 'Gazipur'])[1 + (ph / 10 % 9)::int] end,
           'pincode', (1000 + ph % 8000)::text,
           'number', phone,
           'notes', ''),
         case when dhaka then 'dhaka' else 'outside' end,
         case when dhaka then 60 else 120 end,
         300 + floor(r_total * 4701)::int,
         status <> 'cancelled',
         at, case when status = 'pending' then at else least(now(), at + r_changed * interval '5 days') end, null
    from src
),
risks as (
  insert into order_risk (
    id, order_id, phone, client_address, product_ids, level, reasons, past_orders, delivered, returned_or_cancelled,
    success_ratio, courier_score, duplicate_of, needs_confirmation, confirmations, created_at, updated_at, deleted_at)
  select 'orisk_bench_' || n, 'order_bench_' || n, phone, client_address,
         jsonb_build_array(p.ids[1 + floor(r_product * cardinality(p.ids))::int]),
         'low', '[]'::jsonb, 0, 0, 0, null, null, null, false, '[]'::jsonb, at, at, null
    from src cross join products p
),
links as (
  insert into ${LINK_TABLE} (id, order_id, shop_order_id, created_at, updated_at, deleted_at)
  select 'link_bench_' || n, 'order_bench_' || n, 'sord_bench_' || n, at, at, null from src
),
requests as (
  insert into order_request (id, key, request_hash, order_id, created_at, updated_at, deleted_at)
  select 'oreq_bench_' || n, 'api:landing:' || coalesce($5::text, 'bench') || ':bench-seed-' || n,
         encode(sha256(convert_to('bench-seed-' || n, 'UTF8')), 'hex'), 'order_bench_' || n, at, at, null
    from src where at > now() - interval '24 hours'
)
select count(*)::int as n from src`

export type SeedResult = {
  /** shop_order rows before and after */
  before: number
  after: number
  inserted: number
  /** the inserts (all batches) and the VACUUM ANALYZE after them, in seconds */
  insertSeconds: number
  vacuumSeconds: number
  seconds: number
  /** distinct phones among the orders, and the most orders one phone has */
  phones: number
  busiestPhoneOrders: number
}

/**
 * Tops the shop's order history up to `total` shop_order rows (nothing when it
 * has as many): orders over the last 2 years from ~300,000 phones, mostly
 * delivered or completed (recent ones mostly pending or shipped), each with
 * its order_risk row and its link to a Medusa order id, the last day's also
 * with an order_request row; BATCH orders a transaction. Then VACUUM ANALYZE
 * of the four tables, so the planner knows their size.
 */
export async function seedOrders(
  databaseUrl: string,
  total: number,
  opts: { log?: Log; landingSlug?: string | null } = {}
): Promise<SeedResult> {
  const log = opts.log ?? (() => undefined)
  if (!Number.isInteger(total) || total < 0)
    throw new Error(`seedOrders: total takes a whole number >= 0, not ${total}`)
  return withClient(databaseUrl, async (client) => {
    const started = performance.now()
    const counts = await client.query<{ orders: number; bench: number }>(
      `select count(*)::int as orders, count(*) filter (where id like 'sord\\_bench\\_%')::int as bench from shop_order`
    )
    const before = counts.rows[0].orders
    let next = counts.rows[0].bench + 1
    const wanted = Math.max(0, total - before)
    if (wanted > 0) log(`order history: ${before} orders, adding ${wanted} in batches of ${Math.min(BATCH, wanted)}...`)
    let inserted = 0
    while (inserted < wanted) {
      const size = Math.min(BATCH, wanted - inserted)
      const batchStarted = performance.now()
      await client.query("begin")
      try {
        await client.query("set local synchronous_commit = off")
        await client.query("set local work_mem = '256MB'")
        await client.query(INSERT_BATCH, [next, next + size - 1, PHONE_POOL, ADDRESS_POOL, opts.landingSlug ?? null])
        await client.query("commit")
      } catch (error) {
        await client.query("rollback").catch(() => undefined)
        throw error
      }
      next += size
      inserted += size
      log(
        `order history: ${before + inserted} of ${total} (${size} in ${seconds(batchStarted)} s, ${seconds(started)} s in all)`
      )
    }
    const insertSeconds = seconds(started)
    const vacuumStarted = performance.now()
    await client.query(`vacuum analyze shop_order, order_risk, order_request, ${LINK_TABLE}`)
    const vacuumSeconds = seconds(vacuumStarted)
    const stats = await client.query<{ phones: number; busiest: number }>(
      `select count(*)::int as phones, coalesce(max(n), 0)::int as busiest
         from (select count(*) as n from shop_order where deleted_at is null group by phone) per_phone`
    )
    const result: SeedResult = {
      before,
      after: before + inserted,
      inserted,
      insertSeconds,
      vacuumSeconds,
      seconds: seconds(started),
      phones: stats.rows[0].phones,
      busiestPhoneOrders: stats.rows[0].busiest,
    }
    log(
      `order history: ${result.after} orders from ${result.phones} phones (the busiest has ${result.busiestPhoneOrders}); ` +
        `${inserted} written in ${insertSeconds} s, vacuum analyze ${vacuumSeconds} s`
    )
    return result
  })
}

/** One query of the order path as planned (and run, inside a transaction rolled back) on the seeded history. */
export type QueryPlan = {
  name: string
  /** where the statement is in the backend, to keep the copy below in step */
  source: string
  /** true when the plan reads shop_order, order_risk, order_request or the link table by a sequential scan */
  seqScan: boolean
  /** the tables read by a sequential scan (any table) */
  seqScanTables: string[]
  /** every node of the plan, depth first, with its relation and index when it has them */
  nodes: string[]
  /** the planner's estimated total cost */
  cost: number
  /** EXPLAIN ANALYZE's execution time, in milliseconds */
  actualMs: number
  rows: number
}

type PlanNode = {
  "Node Type": string
  "Relation Name"?: string
  "Index Name"?: string
  "Total Cost": number
  "Actual Rows"?: number
  Plans?: PlanNode[]
}

function walk(node: PlanNode, visit: (n: PlanNode) => void) {
  visit(node)
  for (const child of node.Plans ?? []) walk(child, visit)
}

/**
 * The statements the order path runs per order, copied from the backend (each
 * names its source: change it there, change it here). Knex's `?` are `$n`
 * here; the values are bound as the backend binds them.
 */
function orderPathQueries(v: { phone: string; newPhone: string; address: string; productIds: string[]; key: string }) {
  const hours = 24 // DEFAULT_GUARD_RULES.duplicateWindowHours and ORDER_REQUEST_TTL_HOURS
  // backend/src/read-models/order-guard.ts phoneHistory
  const phoneHistory = `select count(*)::int as past,
            count(*) filter (where status in ('delivered', 'completed'))::int as delivered,
            count(*) filter (where status = 'cancelled')::int as returned_or_cancelled,
            count(*) filter (where created_at > now() - interval '24 hours')::int as last_day
       from shop_order
      where deleted_at is null and phone = $1`
  // backend/src/read-models/order-guard.ts addressLastDay
  const addressLastDay = `select count(*)::int as n from order_risk where deleted_at is null and client_address = $1 and created_at > now() - interval '24 hours'`
  // backend/src/read-models/order-guard.ts duplicateOrder
  const duplicateOrder = `select so.order_number
       from order_risk r
       join ${LINK_TABLE} l on l.order_id = r.order_id and l.deleted_at is null
       join shop_order so on so.id = l.shop_order_id and so.deleted_at is null
      where r.deleted_at is null and r.phone = $1 and r.created_at > now() - make_interval(hours => $2)
        and so.status <> 'cancelled'
        and jsonb_exists_any(r.product_ids, (select array_agg(value) from jsonb_array_elements_text($3::jsonb)))
      order by r.created_at desc
      limit 1`
  // backend/src/read-models/order-guard.ts blocklisted: listBlocklistEntries({ $or: [{ kind: "phone", value }, { kind: "address", value }] }, { take: 1 }),
  // the statement the ORM builds for it
  const blocklisted = `select b0.* from blocklist_entry as b0
      where b0.deleted_at is null and ((b0.kind = 'phone' and b0.value = $1) or (b0.kind = 'address' and b0.value = $2))
      limit 1`
  // backend/src/modules/shop-order/service.ts findOrderRequest
  const findOrderRequest = `select order_id, request_hash from order_request
        where key = $1 and deleted_at is null and created_at > now() - make_interval(hours => $2)`
  // backend/src/modules/shop-order/service.ts recordOrder: a stale key is freed before the order's key is written
  const freeStaleKey = `delete from order_request where key = $1 and deleted_at is null and created_at <= now() - make_interval(hours => $2)`
  // backend/src/read-models/order-guard.ts ordersOfPhone (the confirmation queue, beside a held order)
  const ordersOfPhone = `select order_number, status, total, created_at from shop_order
      where deleted_at is null and phone = $1
      order by created_at desc limit $2`
  const guard = "backend/src/read-models/order-guard.ts"
  const service = "backend/src/modules/shop-order/service.ts"
  const products = JSON.stringify(v.productIds)
  return [
    { name: "phoneHistory (phone with orders)", source: `${guard} phoneHistory`, sql: phoneHistory, values: [v.phone] },
    { name: "phoneHistory (new phone)", source: `${guard} phoneHistory`, sql: phoneHistory, values: [v.newPhone] },
    { name: "addressLastDay", source: `${guard} addressLastDay`, sql: addressLastDay, values: [v.address] },
    {
      name: "duplicateOrder (phone with orders)",
      source: `${guard} duplicateOrder`,
      sql: duplicateOrder,
      values: [v.phone, hours, products],
    },
    {
      name: "duplicateOrder (new phone)",
      source: `${guard} duplicateOrder`,
      sql: duplicateOrder,
      values: [v.newPhone, hours, products],
    },
    {
      name: "blocklisted (phone, address)",
      source: `${guard} blocklisted`,
      sql: blocklisted,
      values: [v.phone, v.address],
    },
    { name: "findOrderRequest", source: `${service} findOrderRequest`, sql: findOrderRequest, values: [v.key, hours] },
    {
      name: "recordOrder: free a stale key",
      source: `${service} recordOrder`,
      sql: freeStaleKey,
      values: [v.key, hours],
    },
    {
      name: "ordersOfPhone (phone with orders)",
      source: `${guard} ordersOfPhone`,
      sql: ordersOfPhone,
      values: [v.phone, 20],
    },
    {
      name: "ordersOfPhone (new phone)",
      source: `${guard} ordersOfPhone`,
      sql: ordersOfPhone,
      values: [v.newPhone, 20],
    },
  ]
}

/**
 * EXPLAIN (ANALYZE, FORMAT JSON) of every statement the order path runs per
 * order, on the database as it is, inside one transaction that is rolled
 * back (the stale-key delete deletes nothing that stays). The bound values:
 * the phone with the most orders, a phone with none, the client address of
 * the latest order_risk row, the product of that phone's latest order, the
 * latest order_request key (or a new one).
 */
export async function orderPathPlans(databaseUrl: string): Promise<QueryPlan[]> {
  return withClient(databaseUrl, async (client) => {
    const busiest = await client.query<{ phone: string }>(
      `select phone from shop_order where deleted_at is null and phone <> '' group by phone order by count(*) desc, phone limit 1`
    )
    const phone = busiest.rows[0]?.phone ?? benchPhone(0)
    // the history's phones are below PHONE_POOL, the load's new ones PHONE_POOL + 1, 2, ...
    const newPhone = benchPhone(PHONE_POOL + 10_000_000)
    const address = await client.query<{ client_address: string }>(
      `select client_address from order_risk where deleted_at is null and client_address is not null order by created_at desc limit 1`
    )
    const product = await client.query<{ product_ids: string[] }>(
      `select product_ids from order_risk where deleted_at is null and phone = $1 order by created_at desc limit 1`,
      [phone]
    )
    const key = await client.query<{ key: string }>(
      `select key from order_request where deleted_at is null order by created_at desc limit 1`
    )
    const queries = orderPathQueries({
      phone,
      newPhone,
      address: address.rows[0]?.client_address ?? benchAddress(0),
      productIds: product.rows[0]?.product_ids?.length ? product.rows[0].product_ids : ["prod_bench_none"],
      key: key.rows[0]?.key ?? "api:landing:bench:a-new-key",
    })
    const plans: QueryPlan[] = []
    await client.query("begin")
    try {
      for (const q of queries) {
        const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode; "Execution Time": number }] }>(
          `explain (analyze, format json) ${q.sql}`,
          q.values
        )
        const [{ Plan: root, "Execution Time": actualMs }] = rows[0]["QUERY PLAN"]
        const nodes: string[] = []
        const seqScanTables: string[] = []
        walk(root, (n) => {
          nodes.push(
            `${n["Node Type"]}${n["Relation Name"] ? ` on ${n["Relation Name"]}` : ""}${n["Index Name"] ? ` using ${n["Index Name"]}` : ""}`
          )
          if (n["Node Type"] === "Seq Scan" && n["Relation Name"]) seqScanTables.push(n["Relation Name"])
        })
        plans.push({
          name: q.name,
          source: q.source,
          seqScan: seqScanTables.some((t) => ORDER_PATH_TABLES.includes(t)),
          seqScanTables,
          nodes,
          cost: root["Total Cost"],
          actualMs: Math.round(actualMs * 1000) / 1000,
          rows: root["Actual Rows"] ?? 0,
        })
      }
    } finally {
      await client.query("rollback")
    }
    return plans
  })
}

/** One line a plan: its name, whether it scans an order table sequentially, its cost and time, its nodes. */
export function planLine(p: QueryPlan): string {
  return (
    `plan ${p.name}: ${p.seqScan ? `SEQ SCAN on ${p.seqScanTables.join(", ")}` : "no seq scan"}` +
    `${!p.seqScan && p.seqScanTables.length ? ` (seq scan on ${p.seqScanTables.join(", ")})` : ""}, ` +
    `cost ${p.cost}, ${p.actualMs} ms; ${p.nodes.join(" > ")}`
  )
}

/** A little PRNG (mulberry32): every run draws the same phones in the same order. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Landing COD orders as shoppers send them, for runLoad's `eachRequest`: every
 * request its own Bangladeshi mobile (half drawn like the history's, so at a
 * million orders they are repeat customers, some with hundreds of orders; half
 * never seen), its own Idempotency-Key (the landing form sends one per
 * attempt) and its own client address (X-Forwarded-For, believed from
 * loopback under the bench's TRUST_PROXY), drawn from the history's pool.
 * One generator for every run, so no phone or key repeats between runs.
 */
export function landingOrderRequests(
  productId: string,
  landingSlug: string
): () => { body: string; headers: Record<string, string> } {
  const next = random(20261125)
  let n = 0
  return () => {
    n++
    const phone = n % 2 === 0 ? benchPhone(Math.floor(PHONE_POOL * next() ** SKEW)) : benchPhone(PHONE_POOL + n)
    return {
      body: JSON.stringify({
        isGuest: true,
        guestName: "Bench",
        guestPhone: phone,
        guestEmail: "",
        landingPageSlug: landingSlug,
        deliveryArea: "dhaka",
        cartItems: [{ productId, quantity: 1 }],
        addressInfo: [{ address: "House 1, Road 2", city: "Dhaka" }],
      }),
      headers: {
        "idempotency-key": `bench-load-${process.pid}-${n}`,
        "x-forwarded-for": benchAddress(Math.floor(next() * ADDRESS_POOL)),
      },
    }
  }
}

export type ScaleResult<F> = { orders: number; seed: SeedResult; figure: F; plans: QueryPlan[] }

/**
 * The order history topped up to `total`, the landing COD order load run
 * again on it (`measureOrders`, the same load as at BASE_ORDERS), and the
 * order path's plans after it, one line each.
 */
export async function ordersAtScale<F>(opts: {
  databaseUrl: string
  total: number
  log: Log
  landingSlug?: string | null
  measureOrders: (name: string) => Promise<F>
}): Promise<ScaleResult<F>> {
  const seed = await seedOrders(opts.databaseUrl, opts.total, { log: opts.log, landingSlug: opts.landingSlug })
  opts.log(`order history: ${opts.total.toLocaleString("en")} orders seeded in ${seed.seconds} s`)
  const figure = await opts.measureOrders(`landing COD order at ${opts.total.toLocaleString("en")} orders`)
  const plans = await orderPathPlans(opts.databaseUrl)
  for (const p of plans) opts.log(planLine(p))
  return { orders: seed.after, seed, figure, plans }
}
