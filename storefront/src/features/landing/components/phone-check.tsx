import { useEffect, useState, type FormEvent } from "react"
import type { PhoneCheckView } from "@shop/contract"
import { readPhoneCheck, resendPhoneCode, verifyPhoneCode } from "../api/phone-check"
import { PHONE_CHECK_WORDS as WORDS } from "./phone-check-words"

/** Seconds from now until `iso` (0 once it has passed). */
const secondsUntil = (iso: string | null, now: number) =>
  iso ? Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 1000)) : 0

/** Seconds until `iso`, counted down every second until it has passed (the resend button's countdown). */
function useSecondsUntil(iso: string | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!iso) return
    const until = new Date(iso).getTime()
    const tick = () => {
      const t = Date.now()
      setNow(t)
      if (t >= until) window.clearInterval(timer)
    }
    // at once (a new code moves the time), then every second
    const first = window.setTimeout(tick, 0)
    const timer = window.setInterval(tick, 1000)
    return () => {
      window.clearTimeout(first)
      window.clearInterval(timer)
    }
  }, [iso])
  return secondsUntil(iso, now)
}

/**
 * The confirmation page's phone check (an order the shop would otherwise
 * call about): the shopper types the 6-digit code sent by SMS, or asks for a
 * new one after a minute. Right: the order is confirmed on the spot; wrong,
 * expired, locked or out of codes: it says so, and that the shop will call.
 * Loaded only with a confirmation that has a check (order-confirmation.tsx).
 */
export default function PhoneCheckPanel({ initial }: { initial: PhoneCheckView }) {
  const [check, setCheck] = useState(initial)
  const [code, setCode] = useState("")
  const [note, setNote] = useState<{ text: string; bad: boolean } | null>(null)
  const [busy, setBusy] = useState(false)
  const resendIn = useSecondsUntil(check.resendAt)
  const open = check.state === "waiting" || check.state === "expired"

  // the state the confirmation was opened with may be old (a reload, Back): read it again once
  useEffect(() => {
    let live = true
    void readPhoneCheck(initial.orderId).then((now) => {
      if (live && now) setCheck(now)
    })
    return () => {
      live = false
    }
  }, [initial.orderId])

  const verify = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    // the server reads the code (Bengali digits too) and says what is wrong with it; a malformed one costs no try
    const outcome = await verifyPhoneCode(check.orderId, code)
    setBusy(false)
    if (outcome.check) setCheck(outcome.check)
    setNote({ text: outcome.message || WORDS.orCall, bad: !outcome.ok })
    if (!outcome.ok) setCode("")
  }

  const resend = async () => {
    if (busy) return
    setBusy(true)
    const outcome = await resendPhoneCode(check.orderId)
    setBusy(false)
    if (outcome.check) setCheck(outcome.check)
    setNote({ text: outcome.message || WORDS.orCall, bad: !outcome.ok })
  }

  if (check.state === "verified") {
    return (
      <section className="phone-check phone-check--done" data-testid="phone-check" data-state="verified" role="status">
        <p className="phone-check__verified">{check.message}</p>
      </section>
    )
  }

  return (
    <section
      className="phone-check"
      data-testid="phone-check"
      data-state={check.state}
      aria-labelledby="phone-check-title"
    >
      <h2 id="phone-check-title" className="phone-check__title">
        {WORDS.title}
      </h2>
      <p className="phone-check__text">{check.message}</p>
      {open ? (
        <form className="phone-check__form" onSubmit={verify} noValidate>
          <label htmlFor="phone-check-code" className="phone-check__label">
            {WORDS.codeLabel}
          </label>
          <div className="phone-check__row">
            <input
              id="phone-check-code"
              className="phone-check__input"
              inputMode="numeric"
              autoComplete="one-time-code"
              enterKeyHint="done"
              maxLength={20}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              disabled={busy || check.state !== "waiting"}
              aria-invalid={note?.bad ? true : undefined}
              aria-describedby="phone-check-note"
            />
            <button type="submit" className="landing-cta" disabled={busy || check.state !== "waiting"}>
              {WORDS.verify}
            </button>
          </div>
        </form>
      ) : null}
      <p
        id="phone-check-note"
        className={note?.bad ? "phone-check__note phone-check__note--bad" : "phone-check__note"}
        role="status"
        aria-live="polite"
      >
        {note?.text ?? ""}
      </p>
      {open && check.resendAt !== null ? (
        <button
          type="button"
          className="landing-cta landing-cta--quiet phone-check__resend"
          onClick={resend}
          disabled={busy || resendIn > 0}
        >
          {resendIn > 0 ? WORDS.resendIn(resendIn) : WORDS.resend}
        </button>
      ) : null}
      <p className="phone-check__call">{WORDS.orCall}</p>
    </section>
  )
}
