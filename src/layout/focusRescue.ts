import { useEffect } from 'react';

/** How long after the focused control went away a page heading may still take the focus (a screen loading lazily). */
export const FOCUS_RESCUE_MS = 5000;

/**
 * WCAG 2.4.3 (focus order): when the control that has the focus goes away — a record's Delete once the record is gone,
 * a form's Save or Delete as the console moves to the list, a dialog's button whose opener went with it — the browser
 * leaves the focus on the page itself, and a keyboard user's next Tab starts again from the top of the page, a screen
 * reader saying nothing of where they are. The focus goes instead to the heading of the page now shown (the h1 in
 * #main-content, made focusable from script only), as soon as there is one. Focus the user moved away themselves
 * (a click on the page's background, another window) is left alone: the control it left is still in the page.
 */
export function useFocusRescue(): void {
  useEffect(() => {
    let lost: { element: Element; since: number } | undefined;
    let focused: Element | undefined;

    const rescue = () => {
      if (document.activeElement && document.activeElement !== document.body) {
        lost = undefined;
        return;
      }
      if (!lost) {
        if (!focused || focused.isConnected) return;
        lost = { element: focused, since: performance.now() };
        focused = undefined;
      }
      if (performance.now() - lost.since > FOCUS_RESCUE_MS) {
        lost = undefined;
        return;
      }
      const heading = document.querySelector<HTMLElement>('#main-content h1');
      // The next screen may not be there yet (its chunk, its record): the next change to the page tries again.
      if (!heading) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      lost = undefined;
      heading.focus({ preventScroll: true });
    };

    const onFocusIn = (event: FocusEvent) => {
      focused = event.target instanceof Element ? event.target : undefined;
      lost = undefined;
    };
    // Focus leaving for nothing while its control stays in the page, enabled, is the user's doing. Chromium tells of a
    // control's removal as a focusout too, before the control has left the page (whether it stayed is known only
    // after), and takes the focus from a control being disabled (a Save while it saves, before its page goes).
    const onFocusOut = (event: FocusEvent) => {
      const left = event.target;
      if (event.relatedTarget !== null || !(left instanceof Element)) return;
      setTimeout(() => {
        if (focused === left && left.isConnected && !left.matches(':disabled')) focused = undefined;
      });
    };

    const observer = new MutationObserver(rescue);
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
}
