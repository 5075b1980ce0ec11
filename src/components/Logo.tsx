// The wordmark, drawn inline rather than as an <img> of an SVG file: the same picture, in the page's first paint with
// no image to decode, and its ink follows the scheme (a lighter one on dark backgrounds). Issue #10: Lighthouse's
// simulation counted the <img> (a data: address) as an image request after the page's script, 0.18 s past the first
// paint; drawn inline, the sign-in page's largest paint is its heading, in the first paint.
export function Logo({ width, alt, dark }: { width: number; alt: string; dark: boolean }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 300 64"
      width={width}
      height={Math.round((width * 64) / 300)}
      role="img"
      aria-label={alt}
      focusable="false"
      style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
    >
      <rect x="2" y="6" width="52" height="52" rx="10" fill="#00796b" />
      <path d="M14 46V26l14-9 14 9v20H32V34h-8v12z" fill="#ffffff" />
      <rect x="2" y="50" width="26" height="8" rx="2" fill="#26a69a" />
      <text
        x="68"
        y="42"
        fontFamily="Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
        fontSize="30"
        fontWeight="700"
        fill={dark ? '#80cbc4' : '#00695c'}
      >
        Cornerstone
      </text>
    </svg>
  );
}
