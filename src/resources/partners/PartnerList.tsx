import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import { Box } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { SortableList } from '../../components/SortableList';
import type { UploadedFile } from '../../dataProvider';

const titleOf = (record: RaRecord) => String(record.name ?? `#${record.id}`);

// 'https://www.example.com/about' reads better as 'example.com/about' in a list.
export const shortUrl = (url: unknown): string =>
  typeof url === 'string' ? url.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '') : '';

function Logo({ logo }: { logo: UploadedFile | null | undefined }) {
  return (
    <Box
      sx={{
        width: 72,
        height: 44,
        borderRadius: 1.5,
        border: 1,
        borderColor: 'divider',
        // A logo is drawn for a white page, so it keeps white in the dark theme too; the placeholder of a partner
        // without one is on the theme's colours (white on white in the dark theme: a blank tile).
        bgcolor: logo ? '#fff' : 'action.hover',
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
        color: 'text.secondary',
      }}
    >
      {logo ? (
        <Box component="img" src={logo.src} alt="" sx={{ maxWidth: '88%', maxHeight: '80%', objectFit: 'contain' }} />
      ) : (
        <HandshakeOutlinedIcon fontSize="small" aria-hidden />
      )}
    </Box>
  );
}

export function PartnerList() {
  return (
    <SortableList
      description="Client and supplier logos on the homepage, in this order. Drag to reorder; changes are saved at once."
      searchPlaceholder="Search partners"
      titleOf={titleOf}
      primary={titleOf}
      secondary={(record) => shortUrl(record.website) || 'No website link'}
      media={(record) => <Logo logo={record.logo as UploadedFile | null} />}
    />
  );
}
