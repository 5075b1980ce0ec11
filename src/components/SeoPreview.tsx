import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import { Alert, Box, Typography } from '@mui/material';
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from '../../schema/areas/seo';
import { config } from '../config';

export interface SeoPreviewProps {
  title?: string | null;
  description?: string | null;
  path?: string | null;
  // A canonical URL wins over site + path, as it does for search engines.
  url?: string | null;
  noindex?: boolean | null;
  // The website's host; the console does not know it, so a plausible one is derived from the product name.
  siteHost?: string;
}

// Search engines cut by pixel width; the declaration's limits are the usual character approximation (issue #3).
export const SEARCH_TITLE_CHARS = META_TITLE_MAX;
export const SEARCH_DESCRIPTION_CHARS = META_DESCRIPTION_MAX;

// Cut at the last word that fits and add an ellipsis, as a results page does.
export function truncateForSearch(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  // A single very long word is cut mid-word rather than emptied.
  const words = lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${words.replace(/[\s.,;:!?–—-]+$/, '')}…`;
}

const defaultHost = `www.${config.productName.toLowerCase().replace(/[^a-z0-9]+/g, '')}.com`;

// 'www.site.com › about › team', the way results pages show an address.
export function displayUrl(path: string | null | undefined, url: string | null | undefined, siteHost = defaultHost): string {
  let host = siteHost;
  let segments: string[] = (path ?? '').split('/').filter(Boolean);
  if (url) {
    try {
      const parsed = new URL(url);
      host = parsed.host;
      segments = parsed.pathname.split('/').filter(Boolean);
    } catch {
      // Not an absolute URL (a path): keep the site's host.
      segments = url.split('/').filter(Boolean);
    }
  }
  return [`https://${host}`, ...segments.map((segment) => decodeURIComponent(segment))].join(' › ');
}

// A Google-style search result: blue title, green address, grey description, truncated like the real thing.
// Fixed colours on white on purpose: it previews a search page, not the console's theme.
export function SeoPreview({ title, description, path, url, noindex, siteHost }: SeoPreviewProps) {
  const shownTitle = title?.trim() ? truncateForSearch(title, SEARCH_TITLE_CHARS) : '';
  const shownDescription = description?.trim() ? truncateForSearch(description, SEARCH_DESCRIPTION_CHARS) : '';
  return (
    <Box role="group" aria-label="Search result preview">
      <Box
        data-testid="seo-preview"
        sx={{
          bgcolor: '#ffffff',
          color: '#202124',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          p: 2,
          fontFamily: 'Arial, Helvetica, sans-serif',
          overflowWrap: 'anywhere',
        }}
      >
        <Typography
          component="div"
          data-testid="seo-preview-url"
          sx={{ fontFamily: 'inherit', fontSize: 14, lineHeight: 1.4, color: '#0d652d' }}
        >
          {displayUrl(path, url, siteHost)}
        </Typography>
        <Typography
          component="div"
          data-testid="seo-preview-title"
          sx={{
            fontFamily: 'inherit',
            fontSize: 20,
            lineHeight: 1.3,
            color: shownTitle ? '#1a0dab' : '#70757a',
            mt: 0.5,
            fontStyle: shownTitle ? 'normal' : 'italic',
          }}
        >
          {shownTitle || 'Add a meta title to see it here'}
        </Typography>
        <Typography
          component="div"
          data-testid="seo-preview-description"
          sx={{
            fontFamily: 'inherit',
            fontSize: 14,
            lineHeight: 1.58,
            color: shownDescription ? '#4d5156' : '#70757a',
            mt: 0.5,
            fontStyle: shownDescription ? 'normal' : 'italic',
          }}
        >
          {shownDescription || 'Without a meta description, search engines pick a snippet from the page.'}
        </Typography>
      </Box>
      {noindex && (
        <Alert severity="warning" icon={<VisibilityOffOutlinedIcon fontSize="inherit" />} sx={{ mt: 1.5 }}>
          noindex is on: search engines will not list this page.
        </Alert>
      )}
    </Box>
  );
}
