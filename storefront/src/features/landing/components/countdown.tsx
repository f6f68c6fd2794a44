import { useEffect, useState, useSyncExternalStore } from "react"
import { BN } from "../utils/bn"
import { countdownParts } from "../utils/page"

const pad = (n: number) => String(n).padStart(2, "0")

const subscribeNever = () => () => undefined

/**
 * False while the page is rendered on the server and hydrated in the browser,
 * true from the browser's next render on: the time is the browser's to tell
 * (the server's HTML may be older than a second).
 */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false
  )
}

/**
 * Time left until the offer ends, ticking every second; nothing once it has
 * ended. In the server's HTML (and while the app takes it over) the clock
 * shows "--": same size, no time that is already wrong.
 */
export function Countdown({ end }: { end: string | null }) {
  const inBrowser = useInBrowser()
  const [now, setNow] = useState(() => Date.now())
  const parts = inBrowser ? countdownParts(end, now) : countdownParts(end, Number.NEGATIVE_INFINITY)
  const running = inBrowser && parts !== null

  useEffect(() => {
    if (!running) return undefined
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [running])

  if (!parts) return null
  const units = [
    { value: parts.days, label: BN.days },
    { value: parts.hours, label: BN.hours },
    { value: parts.minutes, label: BN.minutes },
    { value: parts.seconds, label: BN.seconds },
  ]
  return (
    <div className="landing-countdown" data-testid="landing-countdown">
      <p className="landing-countdown__title">{BN.countdownTitle}</p>
      <div className="landing-countdown__units" role="timer">
        {units.map((unit) => (
          <span key={unit.label} className="landing-countdown__unit">
            <span className="landing-countdown__value">{inBrowser ? pad(unit.value) : "--"}</span>
            <span className="landing-countdown__label">{unit.label}</span>
          </span>
        ))}
      </div>
    </div>
  )
}
