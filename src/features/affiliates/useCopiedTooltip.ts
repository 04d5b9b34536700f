import { useCallback, useEffect, useRef, useState } from 'react';

/** How long 'Copied!' stays after a copy (spec part 1 §9). */
export const COPIED_TOOLTIP_MS = 1000;

/**
 * Copies a text to the clipboard and says 'Copied!' for a second. Which text was copied last is
 * kept, so each copy button shows its own tooltip.
 */
export function useCopiedTooltip(): { copied: string | null; copy(key: string, text: string): void } {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback((key: string, text: string) => {
    void navigator.clipboard?.writeText(text).then(() => {
      clearTimeout(timer.current);
      setCopied(key);
      timer.current = setTimeout(() => setCopied(null), COPIED_TOOLTIP_MS);
    });
  }, []);
  return { copied, copy };
}
