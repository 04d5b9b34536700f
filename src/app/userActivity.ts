const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Calls `onActivity` when the user touches the page, at most once per `throttleMs`:
 * a moving mouse fires hundreds of events and the idle timer needs only one.
 */
export function watchUserActivity(target: EventTarget, onActivity: () => void, throttleMs = 1_000): () => void {
  let lastReported = Number.NEGATIVE_INFINITY;
  const report = () => {
    const now = performance.now();
    if (now - lastReported < throttleMs) return;
    lastReported = now;
    onActivity();
  };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, report, { passive: true, capture: true });
  return () => {
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, report, { capture: true });
  };
}
