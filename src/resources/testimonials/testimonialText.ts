// How a testimonial's author is shown in the list and the preview.
export const initials = (name: unknown): string =>
  String(name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

export const byline = (role: unknown, company: unknown): string => [role, company].filter(Boolean).join(', ');
