import darkLogoUrl from '../assets/logo-dark.svg';
import logoUrl from '../assets/logo.svg';

// The wordmark needs a lighter ink on dark backgrounds; the image itself cannot follow CSS colours.
export function Logo({ width, alt, dark }: { width: number; alt: string; dark: boolean }) {
  return (
    <img
      src={dark ? darkLogoUrl : logoUrl}
      width={width}
      height={Math.round((width * 64) / 300)}
      alt={alt}
      style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
    />
  );
}
