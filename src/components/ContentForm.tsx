import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { DeleteButton, SaveButton, useResourceContext, type SimpleFormProps } from 'react-admin';
import { areaByName } from '../../schema/areas';
import { contentFormSx } from './contentSx';
import { GuardedForm } from './GuardedForm';
import { createRecordLabel } from './PageHeader';
import { SaveBar } from './SaveBar';

interface ContentFormProps {
  validate: SimpleFormProps['validate'];
  create: boolean;
  /** Width of the side column from the medium breakpoint up. */
  sideWidth?: number;
  main: ReactNode;
  side: ReactNode;
}

// The form of a content area: a main column and a side column of cards over a sticky save bar.
export function ContentForm({ validate, create, sideWidth = 320, main, side }: ContentFormProps) {
  const resource = useResourceContext() ?? '';
  return (
    <GuardedForm
      validate={validate}
      toolbar={
        <SaveBar>
          {/* An empty new record can be saved straight away: the answer is the list of what is missing. */}
          <SaveButton alwaysEnable={create} label={create ? createRecordLabel(areaByName(resource)) : undefined} />
          {!create && <DeleteButton mutationMode="pessimistic" />}
        </SaveBar>
      }
      component={Box}
      sx={contentFormSx}
    >
      <Box
        sx={{
          width: '100%',
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `minmax(0, 1fr) ${sideWidth}px` },
          alignItems: 'start',
        }}
      >
        {/* One explicit shrinkable track each: an implicit 'auto' track grows to its widest card's min-content (issue #8). */}
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>{main}</Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>{side}</Box>
      </Box>
    </GuardedForm>
  );
}
