import { useEffect, useRef, useState } from 'react';

/** SPEC §9: shown 200 ms after navigation starts; minimum 0.08, speed 200 ms, trickle 0.02 every 800 ms. */
export const PROGRESS = { delayMs: 200, minimum: 0.08, speedMs: 200, trickleRate: 0.02, trickleSpeedMs: 800 } as const;

/**
 * The thin bar at the top during a client-side navigation. Fast navigations never show
 * it; slow ones creep towards the end until the page arrives, then it completes and fades.
 */
export function ProgressBar({ loading }: { loading: boolean }) {
  const [value, setValue] = useState<number | null>(null);
  const timers = useRef<{ delay?: ReturnType<typeof setTimeout>; trickle?: ReturnType<typeof setInterval>; hide?: ReturnType<typeof setTimeout>; shown?: boolean }>({});
  useEffect(() => {
    const t = timers.current;
    if (loading) {
      clearTimeout(t.hide);
      t.delay = setTimeout(() => {
        t.shown = true;
        setValue(PROGRESS.minimum);
        t.trickle = setInterval(() => setValue((v) => Math.min(0.994, (v ?? PROGRESS.minimum) + Math.random() * PROGRESS.trickleRate)), PROGRESS.trickleSpeedMs);
      }, PROGRESS.delayMs);
    } else {
      clearTimeout(t.delay);
      clearInterval(t.trickle);
      if (t.shown) {
        t.shown = false;
        setValue(1);
        t.hide = setTimeout(() => setValue(null), PROGRESS.speedMs * 2);
      }
    }
    return () => {
      clearTimeout(t.delay);
      clearInterval(t.trickle);
    };
  }, [loading]);
  return (
    <div
      className="progress-bar"
      aria-hidden="true"
      style={value === null ? { opacity: 0, transform: 'scaleX(0)' } : { opacity: value >= 1 ? 0 : 1, transform: `scaleX(${value})`, transition: `transform ${PROGRESS.speedMs}ms linear, opacity ${PROGRESS.speedMs}ms linear ${value >= 1 ? PROGRESS.speedMs : 0}ms` }}
    />
  );
}
