import { Box } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { SortableList } from '../../components/SortableList';
import { FeatureIcon } from './FeatureIconInput';

const titleOf = (record: RaRecord) => String(record.title ?? `#${record.id}`);

export function FeatureList() {
  return (
    <SortableList
      description="The strengths listed on the homepage, in this order. Drag to reorder; changes are saved at once."
      searchPlaceholder="Search features"
      titleOf={titleOf}
      primary={titleOf}
      secondary={(record) => (record.description as string | null) ?? ''}
      media={(record) => (
        <Box
          sx={{
            width: 40,
            height: 40,
            borderRadius: 1.5,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.selected',
            color: 'primary.main',
          }}
        >
          <FeatureIcon name={record.icon as string | null} fontSize="small" />
        </Box>
      )}
    />
  );
}
