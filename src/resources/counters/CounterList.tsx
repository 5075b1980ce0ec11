import { Box } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { SortableList } from '../../components/SortableList';
import { CounterIcon } from './CounterIconInput';
import { counterFigure } from './counterFigure';

const titleOf = (record: RaRecord) => String(record.label ?? `#${record.id}`);

export function CounterList() {
  return (
    <SortableList
      description="The figures that count up on the homepage, in this order. Drag to reorder; changes are saved at once."
      searchPlaceholder="Search counters"
      titleOf={titleOf}
      primary={titleOf}
      secondary={(record) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
          <CounterIcon name={record.icon as string | null} fontSize="small" />
          {(record.icon as string | null) ?? 'No icon'}
        </Box>
      )}
      media={(record) => (
        <Box
          sx={{
            minWidth: 72,
            px: 1,
            height: 40,
            borderRadius: 1.5,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.selected',
            // The theme's text colour: its primary on this tint read 4.46:1 (light) and 3.91:1 (dark), under WCAG's 4.5:1.
            color: 'text.primary',
            fontWeight: 700,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {counterFigure(record.value, record.suffix)}
        </Box>
      )}
    />
  );
}
