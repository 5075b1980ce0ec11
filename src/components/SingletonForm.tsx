import AddIcon from '@mui/icons-material/Add';
import RemoveCircleOutlineOutlinedIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { IconButtonWithTooltip, SaveButton, Toolbar, useSimpleFormIterator, useSimpleFormIteratorItem } from 'react-admin';

// Pieces shared by the singleton pages (hero, about, contact, privacy policy).

// A singleton cannot be deleted: Save only.
export const saveOnlyToolbar = (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

interface FormSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
  // Space below the section, in theme units.
  spaceBelow?: number;
}

export function FormSection({ title, description, children, spaceBelow = 1 }: FormSectionProps) {
  return (
    <Box component="section" sx={{ width: '100%', pb: spaceBelow }}>
      <Typography component="h2" variant="h6" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {description}
        </Typography>
      )}
      {children}
    </Box>
  );
}

// A worded add button for a SimpleFormIterator: a bare '+' says too little next to several lists.
export function AddRowButton({ label }: { label: string }) {
  const { add } = useSimpleFormIterator();
  return (
    <Button size="small" startIcon={<AddIcon aria-hidden />} onClick={() => add()}>
      {label}
    </Button>
  );
}

// A row's Remove, named by its row ("Remove highlight 2"): react-admin names every row's button "Remove", which left a
// screen reader's list of buttons saying which of five it was nowhere (the last stop's leftover).
export function RemoveRowButton({ noun }: { noun: string }) {
  const { remove, index } = useSimpleFormIteratorItem();
  return (
    <IconButtonWithTooltip label={`Remove ${noun} ${index + 1}`} size="small" color="warning" onClick={() => remove()} className="button-remove">
      <RemoveCircleOutlineOutlinedIcon fontSize="small" />
    </IconButtonWithTooltip>
  );
}

// Remove buttons stay visible: react-admin shows them on hover only, which hides them from keyboard users.
export const visibleRemoveSx = { '& .RaSimpleFormIterator-action': { visibility: 'visible' } } as const;
