import { useEffect } from 'react';

/** How long after the focused control went away a page heading may still take the focus (a screen loading lazily). */
export const FOCUS_RESCUE_MS = 5000;
/** How long a control disabled while focused is waited for before the focus goes to the heading instead. */
export const DISABLED_WAIT_MS = 2000;

/**
 * Moves the keyboard's place to the heading of the page shown (the h1 in #main-content, made focusable from script
 * only); false when the page has none yet (its chunk or its record still loading).
 */
export function focusPageHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('#main-content h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * A link of the side menu leaves the keyboard on itself while the page it opened is drawn (on a wide screen the menu
 * stays), a screen reader saying nothing of the new page: once that page's heading is there (a new h1, or the h1 with
 * new words, when the next screen is made of the same parts), the focus goes to it, as it does when a record is
 * opened or saved (an outside keyboard probe). Unless the user has moved on meanwhile; given up after FOCUS_RESCUE_MS.
 */
export function focusHeadingOfNextPage(link: Element, samePage: boolean): void {
  const heading = () => document.querySelector('#main-content h1');
  if (samePage) {
    focusPageHeading();
    return;
  }
  const before = heading();
  const words = before?.textContent;
  // On a phone the menu closes as its link is followed, and gives the focus back to the button that opened it.
  const stillWaiting = () =>
    document.activeElement === link || !document.activeElement || document.activeElement === document.body || document.activeElement.matches('[data-sidebar-toggle]');
  let done = false;
  const stop = () => {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
  };
  const check = () => {
    if (done) return;
    if (!stillWaiting()) return stop();
    const now = heading();
    if (now && (now !== before || now.textContent !== words)) {
      focusPageHeading();
      stop();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  const timer = setTimeout(stop, FOCUS_RESCUE_MS);
}

/**
 * WCAG 2.4.3 (focus order): when the control that has the focus goes away — a record's Delete once the record is gone,
 * a form's Save or Delete as the console moves to the list, a dialog's button whose opener went with it — the browser
 * leaves the focus on the page itself, and a keyboard user's next Tab starts again from the top of the page, a screen
 * reader saying nothing of where they are. The focus goes instead to the heading of the page now shown (the h1 in
 * #main-content, made focusable from script only), as soon as there is one. A control that was only disabled for a
 * moment (Chromium takes the focus from a disabled control) gets it back when it is enabled again. Focus the user moved away themselves
 * (a click on the page's background, another window) is left alone: the control it left is still in the page.
 */
export function useFocusRescue(): void {
  useEffect(() => {
    let lost: { element: Element; since: number; timer?: ReturnType<typeof setTimeout> } | undefined;
    let focused: Element | undefined;

    const focusIsLost = () => !document.activeElement || document.activeElement === document.body;

    const rescue = () => {
      if (!focusIsLost()) {
        lost = undefined;
        return;
      }
      if (!lost) {
        // Still in the page and usable: the user moved the focus away themselves (onFocusOut forgets it).
        if (!focused || (focused.isConnected && !focused.matches(':disabled'))) return;
        lost = { element: focused, since: performance.now() };
        focused = undefined;
      }
      if (performance.now() - lost.since > FOCUS_RESCUE_MS) {
        lost = undefined;
        return;
      }
      // A control disabled while it works (a Save while it saves, a switch while its change is sent) gets the focus
      // back once it is enabled again, if it is still there.
      if (lost.element.isConnected) {
        if (lost.element.matches(':disabled')) {
          // One that stays disabled (a Save once there is nothing left to save) leaves the focus to the heading.
          const waiting = lost;
          waiting.timer ??= setTimeout(() => {
            if (lost !== waiting || !waiting.element.matches(':disabled') || !focusIsLost()) return;
            if (focusPageHeading()) lost = undefined;
          }, DISABLED_WAIT_MS);
          return;
        }
        const control = lost.element;
        lost = undefined;
        if (control instanceof HTMLElement) control.focus({ preventScroll: true });
        return;
      }
      // The next screen may not be there yet (its chunk, its record): the next change to the page tries again.
      if (focusPageHeading()) lost = undefined;
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
        if (focused !== left) return;
        if (left.isConnected && !left.matches(':disabled')) {
          focused = undefined;
          return;
        }
        // Disabled (its page may not change at all: the focus waits for it) or removed: rescued from here.
        if (!focusIsLost()) return;
        lost = { element: left, since: performance.now() };
        focused = undefined;
        rescue();
      });
    };

    const observer = new MutationObserver(rescue);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
}
