// Issue #10: index.html holds the sign-in page drawn at build time (vite.config.ts, prerenderSignInPage), shown as soon
// as the page and its stylesheet arrive: on a slow phone a second or more before React and this page's script. It can
// be typed into meanwhile (it cannot be sent: its Sign In stays disabled), and the page React draws over it takes
// over what was typed and where.
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

export interface TypedSignIn {
  email: string;
  password: string;
  remember: boolean;
  focus?: 'email' | 'password';
}

export function takeOverPrerenderedForm(): TypedSignIn {
  const typed: TypedSignIn = { email: '', password: '', remember: true };
  if (typeof document === 'undefined') return typed;
  // Only the build's page carries the attribute: once React's page has replaced it, nothing is found.
  const page = document.querySelector(`[${PRERENDERED_ATTRIBUTE}]`);
  if (!page) return typed;
  const input = (name: string) => page.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  typed.email = input('email')?.value ?? '';
  typed.password = input('password')?.value ?? '';
  typed.remember = input('remember')?.checked ?? true;
  const active = document.activeElement;
  if (active instanceof HTMLInputElement && page.contains(active) && (active.name === 'email' || active.name === 'password')) {
    typed.focus = active.name;
  }
  return typed;
}
