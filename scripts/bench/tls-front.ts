/**
 * The edge a shop runs behind in production (docs/operations.md: a TLS proxy
 * in front of the storefront server, TRUST_PROXY naming it): HTTPS with
 * HTTP/2, as every shopper's browser reaches a shop today. `npm run bench`
 * measures the pages through it, so Lighthouse sees what a phone sees: one
 * connection to the shop, its requests multiplexed, instead of plain HTTP/1.1's
 * six connections each with its own handshake and slow start.
 *
 * Node's own http2 (HTTP/1.1 too, for clients that ask for it) forwarding every
 * request to the storefront server over kept-alive HTTP/1.1 connections, as a
 * TLS proxy does; a self-signed certificate made for the run with openssl, its
 * key's SPKI hash handed to Chromium so it trusts that certificate and no other.
 */
import { execFileSync } from "node:child_process"
import { createHash, X509Certificate } from "node:crypto"
import fs from "node:fs"
import http from "node:http"
import http2 from "node:http2"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import type { TLSSocket } from "node:tls"

export type TlsFront = {
  /** https://127.0.0.1:<port> */
  url: string
  /** base64 SHA-256 of the certificate's public key: Chromium's --ignore-certificate-errors-spki-list. */
  spki: string
  stop: () => Promise<void>
}

/** Chromium's flags to trust the front's certificate, and no other (none without a front). */
export const trustFrontFlags = (spki: string | undefined): string[] =>
  spki ? [`--ignore-certificate-errors-spki-list=${spki}`] : []

/** Headers of one hop only (RFC 9110 7.6.1), and the ones HTTP/2 forbids. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "http2-settings",
  "host",
])

/** A key and a certificate for 127.0.0.1 and localhost, valid for a day. */
function selfSigned(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-tls-"))
  try {
    const keyFile = path.join(dir, "key.pem")
    const certFile = path.join(dir, "cert.pem")
    // prettier-ignore
    execFileSync("openssl", [
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
      "-keyout", keyFile, "-out", certFile, "-days", "1", "-subj", "/CN=127.0.0.1",
      "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
    ], { stdio: "pipe" })
    return { key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(
      `could not make the bench's TLS certificate with openssl (Debian: apt-get install openssl): ${reason}`
    )
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** Starts the front on `port` (0: any free one) before `upstream` (http://host:port of the storefront server). */
export async function startTlsFront(upstream: string, port = 0): Promise<TlsFront> {
  const { key, cert } = selfSigned()
  const target = new URL(upstream)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
  const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
    const headers: http.OutgoingHttpHeaders = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(":") && !HOP_BY_HOP.has(name)) headers[name] = value
    }
    headers.host = req.headers[":authority"] ?? req.headers.host
    headers["x-forwarded-for"] = req.socket.remoteAddress ?? "127.0.0.1"
    headers["x-forwarded-proto"] = "https"
    const forward = http.request(
      { agent, hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (answer) => {
        const out: http.OutgoingHttpHeaders = {}
        for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) out[name] = value
        res.writeHead(answer.statusCode ?? 502, out)
        answer.pipe(res)
      }
    )
    forward.on("error", () => {
      if (!res.headersSent) res.writeHead(502).end()
      else res.destroy()
    })
    req.pipe(forward)
  })
  // connections Chromium leaves open would hold close() until they time out: closed with the front
  const sockets = new Set<TLSSocket>()
  server.on("secureConnection", (socket) => {
    sockets.add(socket)
    socket.once("close", () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => resolve())
  })
  const spkiDer = new X509Certificate(cert).publicKey.export({ type: "spki", format: "der" })
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spki: createHash("sha256").update(spkiDer).digest("base64"),
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy()
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      }),
  }
}
