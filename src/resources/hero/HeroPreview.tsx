import { Box, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import type { UploadedFile } from '../../dataProvider';

// The hero as a visitor sees it, scaled down and updated as the user types.
export function HeroPreview() {
  const [headline, subheadline, image, ctaText, ctaLink] = useWatch({
    name: ['headline', 'subheadline', 'background_image', 'cta_text', 'cta_link'],
  }) as [string | null, string | null, UploadedFile | null, string | null, string | null];
  return (
    <Box component="aside" aria-label="Preview">
      <Typography variant="overline" color="text.secondary">
        Preview
      </Typography>
      <Box
        sx={{
          position: 'relative',
          borderRadius: 2,
          overflow: 'hidden',
          minHeight: 240,
          display: 'flex',
          alignItems: 'flex-end',
          color: '#fff',
          bgcolor: '#1f3a36',
          backgroundImage: image?.src
            ? `linear-gradient(180deg, rgba(0,0,0,0.15) 0%, rgba(0,0,0,0.7) 100%), url("${encodeURI(image.src)}")`
            : 'linear-gradient(135deg, #004c40 0%, #00796b 55%, #48a999 100%)',
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      >
        <Box sx={{ p: 3, width: '100%' }}>
          <Typography component="p" sx={{ fontSize: 24, fontWeight: 700, lineHeight: 1.2, overflowWrap: 'anywhere' }}>
            {headline || 'Your headline'}
          </Typography>
          {subheadline && (
            <Typography component="p" sx={{ mt: 1, fontSize: 14, opacity: 0.9, overflowWrap: 'anywhere' }}>
              {subheadline}
            </Typography>
          )}
          {ctaText && (
            <Box
              component="span"
              sx={{ display: 'inline-block', mt: 2, px: 2, py: 0.75, borderRadius: 1, bgcolor: '#fff', color: '#004c40', fontWeight: 600, fontSize: 14 }}
            >
              {ctaText}
            </Box>
          )}
        </Box>
      </Box>
      {ctaText && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1, overflowWrap: 'anywhere' }}>
          The button opens {ctaLink || <em>no link yet</em>}
        </Typography>
      )}
    </Box>
  );
}
