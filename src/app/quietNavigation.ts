/** What navigating needs from the router. */
export interface Navigator {
  navigate(to: string): Promise<void>;
}

/**
 * Navigates after the current statechart step has finished, so the route guards read the new
 * session rather than the one being left; a failed navigation is only logged (part 2 §8).
 */
export function navigateQuietly(router: () => Navigator): (to: string) => void {
  return (to) =>
    queueMicrotask(() => {
      router()
        .navigate(to)
        .catch((error: unknown) => console.warn(`Navigation to ${to} failed:`, error));
    });
}
