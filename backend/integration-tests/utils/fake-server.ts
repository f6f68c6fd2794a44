import http from "node:http"
import type { AddressInfo } from "node:net"

/**
 * What every fake outside service of the tests shares (fake-couriers.ts,
 * fake-meta-graph.ts): a loopback HTTP server on a free port, and request
 * bodies read whole and parsed as JSON (a body that is not JSON reads as {}).
 */
export abstract class FakeHttpServer {
  private readonly server = http.createServer((req, res) => void this.handle(req, res))

  /** Answers one request (what it resolves to is not used). */
  protected abstract handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<unknown>

  /** Listens on a free loopback port; answers the base URL. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve))
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  async stop() {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  /** The body as text, and as JSON ({} when empty or not JSON). */
  protected async readBody<T>(req: http.IncomingMessage): Promise<{ raw: string; json: T }> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString("utf8")
    try {
      return { raw, json: (raw ? JSON.parse(raw) : {}) as T }
    } catch {
      return { raw, json: {} as T }
    }
  }
}
