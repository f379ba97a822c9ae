import { type KeyboardEvent, type RefObject, useCallback, useEffect } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.hidden && element.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * Keeps focus inside `container` while mounted: focuses its first focusable element (or the
 * container) on mount, wraps Tab and Shift+Tab, and once unmounted gives focus to
 * `returnTarget()` or else back to the element that had it before. Returns the keydown
 * handler to attach to the container.
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  returnTarget: () => HTMLElement | null = () => null,
): (event: KeyboardEvent<HTMLElement>) => void {
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    (focusables(element)[0] ?? element).focus();
    const keepFocusInside = (event: FocusEvent) => {
      if (event.target instanceof Node && !element.contains(event.target)) {
        (focusables(element)[0] ?? element).focus();
      }
    };
    document.addEventListener('focusin', keepFocusInside);
    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      const target = returnTarget() ?? previouslyFocused;
      if (target?.isConnected) target.focus();
    };
  }, [container, returnTarget]);

  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const element = container.current;
      if (event.key !== 'Tab' || !element) return;
      const items = focusables(element);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    },
    [container],
  );
}
