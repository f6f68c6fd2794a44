import { useEffect, useState } from 'react';

import { BN } from '../utils/bn';
import { countdownParts } from '../utils/page';

const pad = (n: number) => String(n).padStart(2, '0');

/** Time left until the offer ends, ticking every second; nothing once it has ended. */
export function Countdown({ end }: { end: string | null }) {
  const [now, setNow] = useState(() => Date.now());
  const parts = countdownParts(end, now);
  const running = parts !== null;

  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);

  if (!parts) return null;
  const units = [
    { value: parts.days, label: BN.days },
    { value: parts.hours, label: BN.hours },
    { value: parts.minutes, label: BN.minutes },
    { value: parts.seconds, label: BN.seconds },
  ];
  return (
    <div className="landing-countdown" data-testid="landing-countdown">
      <p className="landing-countdown__title">{BN.countdownTitle}</p>
      <div className="landing-countdown__units" role="timer">
        {units.map((unit) => (
          <span key={unit.label} className="landing-countdown__unit">
            <span className="landing-countdown__value">{pad(unit.value)}</span>
            <span className="landing-countdown__label">{unit.label}</span>
          </span>
        ))}
      </div>
    </div>
  );
}
