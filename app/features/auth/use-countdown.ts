import { countdownSecondsLeft, RESEND_INTERVAL_S } from '@core/rules/code';
import { useCallback, useEffect, useState } from 'react';

/** How often the shown second is brought up to date. */
const TICK_MS = 250;

/**
 * The resend timer (SPEC §4 Login 2): counts 15 seconds down from when it was (re)started; `restart` starts
 * it again. One interval ticks for as long as the component is mounted (popups are short-lived), so a
 * restart never waits for a new interval to be set up.
 */
export function useCountdown(intervalS = RESEND_INTERVAL_S): { secondsLeft: number; restart: () => void } {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const restart = useCallback(() => {
    const at = Date.now();
    setStartedAt(at);
    setNow(at);
  }, []);

  return { secondsLeft: countdownSecondsLeft(startedAt, now, intervalS), restart };
}
