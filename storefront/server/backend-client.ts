/**
 * The one client to the Medusa backend: proxied requests (the browser's, with
 * forwarded headers) and the edge's own reads and writes (public reads, page
 * renders, views, /health) go through it, each on its own pool of sockets.
 */
import http, {
  type ClientRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from "node:http"
import https from "node:https"
import type { TLSSocket } from "node:tls"
import { EDGE_SECRET_HEADER } from "@shop/contract"
import type { TrustProxy } from "./config"
import type { CachedAnswer } from "./public-cache"

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
])

/** An answer of the backend, read whole. */
export type BackendAnswer = Omit<CachedAnswer, "version" | "fetchedAt">

/** Where an edge call goes: its pool and how long it may take. */
export type Via = { agent: http.Agent; timeoutMs: number }

/** The answer's headers without the hop-by-hop ones (this server's connection to the client is its own). */
export function endToEndHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value
  }
  return kept
}

export class BackendClient {
  private readonly basePath: string
  private readonly module: typeof http | typeof https
  /**
   * Proxied requests and the edge's own reads on separate pools: a flood of slow uploads fills only
   * the proxy's, and the pages, public reads and /health keep their sockets.
   */
  readonly pools: { proxy: http.Agent; edge: http.Agent; health: http.Agent }

  constructor(
    private readonly url: URL,
    private readonly options: {
      proxySockets: number
      edgeSockets: number
      /** Sent with the edge's calls (landing reads, views); empty: none. */
      edgeSecret: string
      trusted: TrustProxy | null
      /** The client as far as TRUST_PROXY lets this server know it. */
      clientOf: (req: IncomingMessage) => string
    }
  ) {
    this.basePath = url.pathname.replace(/\/$/, "")
    this.module = url.protocol === "https:" ? https : http
    this.pools = {
      proxy: new this.module.Agent({ keepAlive: true, maxSockets: options.proxySockets }),
      edge: new this.module.Agent({ keepAlive: true, maxSockets: options.edgeSockets }),
      // one health read at a time (coalesced): never behind a render's reads of made-up pages
      health: new this.module.Agent({ keepAlive: true, maxSockets: 1 }),
    }
  }

  private request(
    target: string,
    method: string | undefined,
    headers: OutgoingHttpHeaders,
    agent: http.Agent
  ): ClientRequest {
    return this.module.request({
      protocol: this.url.protocol,
      hostname: this.url.hostname,
      port: this.url.port || undefined,
      path: this.basePath + target,
      method,
      headers,
      agent,
    })
  }

  /** The client's request on the proxy's pool, not yet sent: the caller pipes the body in. */
  forward(req: IncomingMessage): ClientRequest {
    // req.url is the raw path + query; it is appended, never parsed as a URL.
    return this.request(req.url ?? "/", req.method, this.forwardedHeaders(req), this.pools.proxy)
  }

  /** One request to the backend with the edge's secret (landing reads, views), the answer read whole. */
  call(
    method: "GET" | "POST",
    target: string,
    body?: string,
    via: Via = { agent: this.pools.edge, timeoutMs: 30_000 }
  ): Promise<BackendAnswer> {
    return new Promise((resolve, reject) => {
      const headers: OutgoingHttpHeaders = { host: this.url.host, accept: "application/json" }
      if (this.options.edgeSecret) headers[EDGE_SECRET_HEADER] = this.options.edgeSecret
      if (body !== undefined) {
        headers["content-type"] = "application/json"
        headers["content-length"] = Buffer.byteLength(body)
      }
      const upstream = this.request(target, method, headers, via.agent)
      upstream.on("response", (answer) => {
        const chunks: Buffer[] = []
        answer.on("data", (chunk: Buffer) => chunks.push(chunk))
        answer.on("end", () =>
          resolve({
            status: answer.statusCode ?? 502,
            body: Buffer.concat(chunks),
            contentType: String(answer.headers["content-type"] ?? "application/json; charset=utf-8"),
          })
        )
        answer.on("error", reject)
      })
      upstream.setTimeout(via.timeoutMs, () => upstream.destroy(new Error("Backend timed out")))
      upstream.on("error", reject)
      upstream.end(body)
    })
  }

  private forwardedHeaders(req: IncomingMessage): OutgoingHttpHeaders {
    const connectionTokens = new Set(
      String(req.headers.connection ?? "")
        .split(",")
        .map((token) => token.trim().toLowerCase())
    )
    const headers: OutgoingHttpHeaders = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name) || connectionTokens.has(name)) continue
      headers[name] = value
    }
    const { trusted, clientOf } = this.options
    const peer = req.socket.remoteAddress ?? ""
    const ownProto = (req.socket as TLSSocket).encrypted ? "https" : "http"
    const first = (value: string | string[] | undefined) =>
      (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim() || undefined
    // The backend believes one hop (this server): it gets the client as resolved
    // here, through the proxies TRUST_PROXY names and no further.
    headers["x-forwarded-for"] = clientOf(req)
    if (trusted && trusted(peer, 0)) {
      headers["x-forwarded-proto"] = first(req.headers["x-forwarded-proto"]) ?? ownProto
      headers["x-forwarded-host"] = first(req.headers["x-forwarded-host"]) ?? req.headers.host ?? ""
    } else {
      headers["x-forwarded-proto"] = ownProto
      headers["x-forwarded-host"] = req.headers.host ?? ""
    }
    delete headers.forwarded
    delete headers["x-real-ip"]
    // only this server speaks as the edge
    delete headers[EDGE_SECRET_HEADER]
    headers.host = this.url.host
    return headers
  }
}
