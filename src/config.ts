// The only reader of import.meta.env, plus the constants of SPEC §9.
// Validated by hand rather than with zod: this module is on the sign-in page, whose JavaScript budget is tight.

function readString(name: string, fallback: string): string {
  const value = (import.meta.env as Record<string, string | undefined>)[name];
  return value === undefined || value.trim() === '' ? fallback : value.trim();
}

function readApiBase(): string {
  const value = readString('VITE_API_BASE', '/');
  // SPEC §7: the API base is a root path; calls are `{api base}api/...`, so it must end with a slash.
  if (!value.endsWith('/')) {
    throw new Error(`VITE_API_BASE must end with "/" (got "${value}")`);
  }
  return value;
}

export const config = {
  apiBase: readApiBase(),
  productName: readString('VITE_PRODUCT_NAME', 'Cornerstone'),
  developerName: readString('VITE_DEVELOPER_NAME', 'Cornerstone Digital'),
  developerUrl: readString('VITE_DEVELOPER_URL', 'https://example.com'),
} as const;

// SPEC §9 constants.
export const DESKTOP_BREAKPOINT_PX = 1025;
export const DESKTOP_MEDIA_QUERY = `(min-width:${DESKTOP_BREAKPOINT_PX}px)`;
export { TOKEN_STORAGE_KEY } from './tokenStorageKey';
export const HEADER_LOGO_WIDTH_PX = 150;
export const LOGIN_LOGO_WIDTH_PX = 300;
export const TOAST_DURATION_MS = 3000;

// SPEC §2: '{menu title} | {product} Dashboard'.
export const pageTitle = (menuTitle: string): string => `${menuTitle} | ${config.productName} Dashboard`;
