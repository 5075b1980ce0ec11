// The light/dark choice is made in the console (react-admin's theme toggle, kept in its store) but the sign-in
// page, the notification area and the overlay are plain CSS: they follow `data-theme` on <html>.
export const STORE_APP_KEY = 'Cornerstone';
export const THEME_KEY = `RaStore${STORE_APP_KEY}.theme`; // react-admin's localStorageStore key layout

export type ColorScheme = 'light' | 'dark';

export function setColorScheme(scheme: ColorScheme): void {
  document.documentElement.dataset.theme = scheme;
}

export function applyStoredColorScheme(): void {
  try {
    const stored = JSON.parse(localStorage.getItem(THEME_KEY) ?? 'null') as unknown;
    if (stored === 'light' || stored === 'dark') setColorScheme(stored);
  } catch {
    // A damaged value is ignored: the system preference applies.
  }
}

// The scheme in force: the console's choice if one was made, else the system's preference.
export function isDarkScheme(): boolean {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'dark' || chosen === 'light') return chosen === 'dark';
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}
