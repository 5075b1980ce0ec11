import { Avatar, Box, Rating } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { SortableList } from '../../components/SortableList';
import type { UploadedFile } from '../../dataProvider';
import { byline, initials } from './testimonialText';

const titleOf = (record: RaRecord) => String(record.name ?? `#${record.id}`);

export function TestimonialList() {
  return (
    <SortableList
      description="Client quotes on the homepage, in this order. Drag to reorder; changes are saved at once."
      searchPlaceholder="Search name, company or quote"
      titleOf={titleOf}
      primary={titleOf}
      secondary={(record) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <Rating value={Number(record.rating) || 0} readOnly size="small" aria-label={`${record.rating} out of 5 stars`} />
          <span>{byline(record.role, record.company) || '“' + String(record.quote ?? '') + '”'}</span>
        </Box>
      )}
      media={(record) => (
        <Avatar src={(record.photo as UploadedFile | null)?.src} alt="" sx={{ bgcolor: 'primary.main', width: 44, height: 44 }}>
          {initials(record.name)}
        </Avatar>
      )}
    />
  );
}
