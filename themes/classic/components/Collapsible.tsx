import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** How long opening or closing takes, from the height to animate (as the classic theme computes it). */
export function autoHeightDuration(height: number): number {
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

const EASING = 'ease-in-out';

/**
 * Shows or hides its children with a height animation whose duration follows the height.
 * Closed children are not rendered at all (a large sidebar stays small), and the server
 * renders the open state without animation.
 */
export function Collapsible({ open, children }: { open: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(open);
  const first = useRef(true);
  if (open && !mounted) setMounted(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const el = ref.current;
    if (!el || window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      if (!open) setMounted(false);
      return;
    }
    const height = el.scrollHeight;
    const duration = autoHeightDuration(height);
    el.style.overflow = 'hidden';
    const animation = el.animate(open ? [{ height: '0px' }, { height: `${height}px` }] : [{ height: `${height}px` }, { height: '0px' }], { duration, easing: EASING });
    animation.onfinish = () => {
      el.style.overflow = '';
      if (!open) setMounted(false);
    };
    return () => animation.cancel();
  }, [open]);
  if (!mounted) return null;
  return <div ref={ref}>{children}</div>;
}
