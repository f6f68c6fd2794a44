import http from "node:http"
import { FakeHttpServer } from "./fake-server"

/**
 * A small stand-in for Meta's Graph API at the network edge (the one place a
 * stand-in is right), following the Conversions API's documented request
 * (POST /{version}/{pixel id}/events?access_token=..., a JSON body with
 * `data`) and answers (`{ events_received, messages, fbtrace_id }`; errors as
 * `{ error: { message, type, code, error_subcode, error_user_title,
 * error_user_msg, is_transient, fbtrace_id } }`). Tests steer it (the next
 * answers fail with a status, come late) and read what it was sent.
 */

export type GraphRequest = {
  method: string
  path: string
  version: string | null
  pixelId: string | null
  /** the access_token query parameter */
  token: string | null
  headers: http.IncomingHttpHeaders
  /** the body exactly as it came */
  raw: string
  body: { data?: Record<string, unknown>[]; test_event_code?: string } & Record<string, unknown>
}

type Fault = { status: number; body: unknown; headers?: Record<string, string> }

/** One ad's day as Ads Insights answers it (level=ad, time_increment=1): spend as text, in the account's currency. */
export type InsightsRow = {
  ad_id: string
  adset_id: string
  campaign_id: string
  spend: string
  impressions: string
  clicks: string
  date_start: string
  date_stop: string
}

export const META_TOKEN = "EAAGtestTOKEN0123456789abcdefSECRET"

/** Meta's answer to a token it does not take (OAuthException, code 190), on every route. */
const BAD_TOKEN = {
  error: {
    message: "Invalid OAuth access token - Cannot parse access token",
    type: "OAuthException",
    code: 190,
    fbtrace_id: "AbCdEf",
  },
}

export class FakeMetaGraph extends FakeHttpServer {
  readonly requests: GraphRequest[] = []
  /** the token Meta accepts; any other is refused as Meta refuses it (400, OAuthException code 190) */
  token = META_TOKEN
  /** the next answers, in order (each used once); when none is queued the event is taken */
  private faults: Fault[] = []
  /** the next answer comes after this many ms */
  slowNextMs = 0
  /** Ads Insights' rows per ad account id (digits, without act_) */
  readonly insights = new Map<string, InsightsRow[]>()
  /** rows per insights page (Meta's default is 25) */
  insightsPageSize = 25

  /**
   * The next answer is Meta's Ads Insights rate limit: 400, code 80000 (the ad
   * account's business use case), with the usage header saying when access
   * comes back.
   */
  rateLimitNext(accountId: string, minutes: number) {
    this.faults.push({
      status: 400,
      body: {
        error: {
          message: "(#80000) There have been too many calls from this ad-account. Wait a bit and try again.",
          type: "OAuthException",
          code: 80000,
          error_subcode: 2446079,
          is_transient: true,
          fbtrace_id: "AbCdEf",
        },
      },
      headers: {
        "x-business-use-case-usage": JSON.stringify({
          [accountId]: [
            {
              type: "ads_insights",
              call_count: 100,
              total_cputime: 40,
              total_time: 60,
              estimated_time_to_regain_access: minutes,
            },
          ],
        }),
      },
    })
  }

  /** The Ads Insights reads it was asked for. */
  insightsReads(): GraphRequest[] {
    return this.requests.filter((r) => r.path.endsWith("/insights"))
  }

  /** The next answer is a server error (5xx), a rate limit (429) or any other status with Meta's error body. */
  failNext(status: number, error: Record<string, unknown> = {}) {
    const body =
      status === 429
        ? {
            error: {
              message: "(#17) User request limit reached",
              type: "OAuthException",
              code: 17,
              is_transient: true,
              fbtrace_id: "AbCdEf",
              ...error,
            },
          }
        : status >= 500
          ? {
              error: {
                message: "An unexpected error has occurred. Please retry your request later.",
                type: "OAuthException",
                code: 2,
                is_transient: true,
                fbtrace_id: "AbCdEf",
                ...error,
              },
            }
          : {
              error: {
                message: "Invalid parameter",
                type: "OAuthException",
                code: 100,
                is_transient: false,
                fbtrace_id: "AbCdEf",
                ...error,
              },
            }
    this.faults.push({ status, body })
  }

  /** The Purchase events it was sent (one per request in this shop), with the request each came in. */
  purchases() {
    return this.eventsNamed("Purchase")
  }

  /** The OrderDelivered events it was sent, with the request each came in. */
  deliveries() {
    return this.eventsNamed("OrderDelivered")
  }

  /** The events of one name it was sent, with the request each came in. */
  private eventsNamed(name: string): { event: Record<string, unknown>; request: GraphRequest }[] {
    return this.requests.flatMap((request) =>
      (request.body.data ?? []).filter((e) => e.event_name === name).map((event) => ({ event, request }))
    )
  }

  /** Requests carrying an event with this event id. */
  requestsFor(eventId: string): GraphRequest[] {
    return this.requests.filter((r) => (r.body.data ?? []).some((e) => e.event_id === eventId))
  }

  reset() {
    this.requests.length = 0
    this.faults = []
    this.slowNextMs = 0
    this.token = META_TOKEN
    this.insights.clear()
    this.insightsPageSize = 25
  }

  /**
   * GET /{version}/act_{id}/insights: the account's rows in the time_range,
   * a page at a time. `paging.cursors.after` names the next page and
   * `paging.next` is there only while one follows, as Meta answers.
   */
  private answerInsights(url: URL, accountId: string): { status: number; body: unknown } {
    const range = JSON.parse(url.searchParams.get("time_range") ?? "{}") as { since?: string; until?: string }
    if (
      url.searchParams.get("level") !== "ad" ||
      url.searchParams.get("time_increment") !== "1" ||
      !range.since ||
      !range.until
    ) {
      return {
        status: 400,
        body: {
          error: { message: "(#100) Invalid parameter", type: "OAuthException", code: 100, fbtrace_id: "AbCdEf" },
        },
      }
    }
    const rows = (this.insights.get(accountId) ?? []).filter(
      (r) => r.date_start >= range.since! && r.date_start <= range.until!
    )
    const limit = Math.min(Number(url.searchParams.get("limit") || this.insightsPageSize), this.insightsPageSize)
    const start = Number(Buffer.from(url.searchParams.get("after") ?? "", "base64").toString() || 0)
    const page = rows.slice(start, start + limit)
    const after = Buffer.from(String(start + limit)).toString("base64")
    const more = start + limit < rows.length
    const next = new URL(url.toString())
    next.searchParams.set("after", after)
    return {
      status: 200,
      body: {
        data: page,
        paging: {
          cursors: { before: Buffer.from(String(start)).toString("base64"), after },
          ...(more ? { next: `https://graph.facebook.com${next.pathname}${next.search}` } : {}),
        },
      },
    }
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const { raw, json: body } = await this.readBody<GraphRequest["body"]>(req)
    const url = new URL(req.url ?? "/", "http://fake")
    const match = /^\/(v\d+\.\d+)\/(\d+)\/events$/.exec(url.pathname)
    const request: GraphRequest = {
      method: req.method ?? "",
      path: url.pathname,
      version: match?.[1] ?? null,
      pixelId: match?.[2] ?? null,
      token: url.searchParams.get("access_token"),
      headers: req.headers,
      raw,
      body,
    }
    this.requests.push(request)
    const delay = this.slowNextMs
    this.slowNextMs = 0
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) =>
      setTimeout(() => {
        if (res.destroyed) return
        res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(payload))
      }, delay)
    const insights = /^\/(v\d+\.\d+)\/act_(\d+)\/insights$/.exec(url.pathname)
    if (req.method === "GET" && insights) {
      if (request.token !== this.token) {
        return send(400, BAD_TOKEN)
      }
      const fault = this.faults.shift()
      if (fault) return send(fault.status, fault.body, fault.headers)
      const answer = this.answerInsights(url, insights[2])
      return send(answer.status, answer.body)
    }
    if (req.method !== "POST" || !match) {
      return send(400, {
        error: { message: "Unsupported post request.", type: "GraphMethodException", code: 100, fbtrace_id: "AbCdEf" },
      })
    }
    if (request.token !== this.token) {
      return send(400, BAD_TOKEN)
    }
    const fault = this.faults.shift()
    if (fault) return send(fault.status, fault.body)
    const events = Array.isArray(body.data) ? body.data : []
    // Meta refuses an event older than 7 days (event_time in unix seconds)
    const tooOld = events.find(
      (e) => typeof e.event_time !== "number" || Date.now() / 1000 - (e.event_time as number) > 7 * 24 * 3600
    )
    if (!events.length || tooOld) {
      return send(400, {
        error: {
          message: "Invalid parameter",
          type: "OAuthException",
          code: 100,
          error_subcode: 2804003,
          is_transient: false,
          error_user_title: "Event Timestamp Too Old",
          error_user_msg: "The timestamp for this event is too far in the past.",
          fbtrace_id: "AbCdEf",
        },
      })
    }
    send(200, { events_received: events.length, messages: [], fbtrace_id: "AbCdEf" })
  }
}
