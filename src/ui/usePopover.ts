import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * A disclosure popover: a toggle button and a panel it shows. It closes on Escape (focus goes back
 * to the toggle), on a pointer down outside it, and when keyboard focus leaves it.
 */
export function usePopover<Toggle extends HTMLElement = HTMLButtonElement>() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<Toggle>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open, close]);

  const containerProps = {
    ref: containerRef,
    onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || !open) return;
      event.stopPropagation();
      close();
      toggleRef.current?.focus();
    },
    onBlur(event: FocusEvent) {
      const next = event.relatedTarget;
      if (next && !containerRef.current?.contains(next)) close();
    },
  };
  const toggleProps = {
    ref: toggleRef,
    'aria-expanded': open,
    'aria-controls': panelId,
    onClick: () => setOpen((wasOpen) => !wasOpen),
  };
  const panelProps = { id: panelId, hidden: !open };

  return { open, close, containerProps, toggleProps, panelProps };
}
