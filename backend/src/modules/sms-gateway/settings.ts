/**
 * Which SMS gateway the shop sends through, read from the environment when a
 * message is sent (a changed variable needs no rebuild). Without SMS_GATEWAY,
 * or without its gateway's settings, SMS is simply not set up: nothing is
 * sent and nothing fails. These values never reach a browser, a log or an answer.
 *
 *   SMS_GATEWAY=bulksmsbd    BULKSMSBD_API_KEY, BULKSMSBD_SENDER_ID [, BULKSMSBD_BASE_URL]
 *   SMS_GATEWAY=sslwireless  SSL_SMS_API_TOKEN, SSL_SMS_SID [, SSL_SMS_BASE_URL]
 *   SMS_GATEWAY=alphasms     ALPHA_SMS_API_KEY [, ALPHA_SMS_SENDER_ID, ALPHA_SMS_BASE_URL]
 *   SMS_TIMEOUT_MS           how long a gateway may take (default 10 s)
 */
export const SMS_GATEWAYS = ["bulksmsbd", "sslwireless", "alphasms"] as const
export type SmsGatewayName = (typeof SMS_GATEWAYS)[number]

export type SmsSettings =
  | { gateway: "bulksmsbd"; baseUrl: string; apiKey: string; senderId: string; timeoutMs: number }
  | { gateway: "sslwireless"; baseUrl: string; apiToken: string; sid: string; timeoutMs: number }
  | { gateway: "alphasms"; baseUrl: string; apiKey: string; senderId: string | null; timeoutMs: number }

/** Each gateway's variables, the ones it cannot do without first. */
export const SMS_GATEWAY_SETTINGS: Readonly<Record<SmsGatewayName, { required: string[]; baseUrl: string }>> = {
  bulksmsbd: { required: ["BULKSMSBD_API_KEY", "BULKSMSBD_SENDER_ID"], baseUrl: "BULKSMSBD_BASE_URL" },
  sslwireless: { required: ["SSL_SMS_API_TOKEN", "SSL_SMS_SID"], baseUrl: "SSL_SMS_BASE_URL" },
  alphasms: { required: ["ALPHA_SMS_API_KEY"], baseUrl: "ALPHA_SMS_BASE_URL" },
}

const DEFAULT_BASE_URLS: Readonly<Record<SmsGatewayName, string>> = {
  bulksmsbd: "https://bulksmsbd.net",
  sslwireless: "https://smsplus.sslwireless.com",
  alphasms: "https://api.sms.net.bd",
}

const value = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() ?? ""

/** The gateway named by SMS_GATEWAY, or null (unset, or a name the shop does not know). */
export function smsGatewayName(env: NodeJS.ProcessEnv = process.env): SmsGatewayName | null {
  const name = value(env, "SMS_GATEWAY").toLowerCase()
  return (SMS_GATEWAYS as readonly string[]).includes(name) ? (name as SmsGatewayName) : null
}

/** What SMS still needs before it can send (empty: set up); SMS_GATEWAY first when it names no gateway. */
export function missingSmsSettings(env: NodeJS.ProcessEnv = process.env): string[] {
  const gateway = smsGatewayName(env)
  if (!gateway) return ["SMS_GATEWAY"]
  const { required, baseUrl } = SMS_GATEWAY_SETTINGS[gateway]
  const missing = required.filter((name) => value(env, name) === "")
  const url = value(env, baseUrl)
  if (url && !/^https?:\/\/[^\s/]+/i.test(url)) missing.push(baseUrl)
  return missing
}

export function smsSettings(env: NodeJS.ProcessEnv = process.env): SmsSettings | null {
  const gateway = smsGatewayName(env)
  if (!gateway || missingSmsSettings(env).length) return null
  const ms = Number(env.SMS_TIMEOUT_MS)
  const timeoutMs = Number.isFinite(ms) && ms > 0 ? ms : 10_000
  const baseUrl = (value(env, SMS_GATEWAY_SETTINGS[gateway].baseUrl) || DEFAULT_BASE_URLS[gateway]).replace(/\/+$/, "")
  switch (gateway) {
    case "bulksmsbd":
      return {
        gateway,
        baseUrl,
        apiKey: value(env, "BULKSMSBD_API_KEY"),
        senderId: value(env, "BULKSMSBD_SENDER_ID"),
        timeoutMs,
      }
    case "sslwireless":
      return { gateway, baseUrl, apiToken: value(env, "SSL_SMS_API_TOKEN"), sid: value(env, "SSL_SMS_SID"), timeoutMs }
    case "alphasms":
      return {
        gateway,
        baseUrl,
        apiKey: value(env, "ALPHA_SMS_API_KEY"),
        senderId: value(env, "ALPHA_SMS_SENDER_ID") || null,
        timeoutMs,
      }
  }
}

/** Taka one part costs (SMS_PART_COST, e.g. 0.35), or null when unset or not a sensible amount. */
export function smsPartCost(env: NodeJS.ProcessEnv = process.env): number | null {
  const raw = value(env, "SMS_PART_COST")
  const taka = Number(raw)
  return raw && Number.isFinite(taka) && taka >= 0 && taka < 100 ? taka : null
}
