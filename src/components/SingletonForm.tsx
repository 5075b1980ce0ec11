import AddIcon from '@mui/icons-material/Add';
import ArrowCircleDownIcon from '@mui/icons-material/ArrowCircleDown';
import ArrowCircleUpIcon from '@mui/icons-material/ArrowCircleUp';
import RemoveCircleOutlineOutlinedIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { IconButtonWithTooltip, SaveButton, Toolbar, useSimpleFormIterator, useSimpleFormIteratorItem } from 'react-admin';
import { flushSync } from 'react-dom';
import { addButtonId, refocusMoveButton, removeButtonId, removeKeepingFocus, rowButtonId } from './rowFocus';

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
  const { add, source } = useSimpleFormIterator();
  return (
    <Button id={addButtonId(source)} size="small" startIcon={<AddIcon aria-hidden />} onClick={() => add()}>
      {label}
    </Button>
  );
}

// How a row's buttons name it: its noun and its place, counted from 1 ('phone number 2').
const rowName = (noun: string, index: number) => `${noun} ${index + 1}`;

// A row's Remove, named by its row ("Remove highlight 2"): react-admin names every row's button "Remove", which left a
// screen reader's list of buttons saying which of five it was nowhere (the last stop's leftover). The focus stays in
// the list once the row is gone (rowFocus.ts).
export function RemoveRowButton({ noun }: { noun: string }) {
  const { remove, index, total } = useSimpleFormIteratorItem();
  const { source } = useSimpleFormIterator();
  return (
    <IconButtonWithTooltip
      id={removeButtonId(source, index)}
      label={`Remove ${rowName(noun, index)}`}
      size="small"
      color="warning"
      onClick={() => removeKeepingFocus(source, index, total, remove)}
      className="button-remove"
    >
      <RemoveCircleOutlineOutlinedIcon fontSize="small" />
    </IconButtonWithTooltip>
  );
}

// A row's Move up and Move down, named by its row as Remove is ("Move highlight 1 down"): react-admin's are "Move up"
// and "Move down" on every row (a new user's screen-reader probe). The focus follows the row (rowFocus.ts): moved in
// the page, or at an end of the list where its button is disabled, the button lost it. react-admin's classes, so it
// looks as react-admin's did.
export function MoveRowButtons({ noun }: { noun: string }) {
  const { index, total, reOrder } = useSimpleFormIteratorItem();
  const { source } = useSimpleFormIterator();
  const step = (direction: -1 | 1) => {
    flushSync(() => reOrder(index + direction));
    refocusMoveButton(source, index + direction, direction);
  };
  return (
    <span className={`button-reorder button-reorder-${source}-${index}`}>
      <IconButtonWithTooltip
        id={rowButtonId(source, index, 'up')}
        label={`Move ${rowName(noun, index)} up`}
        size="small"
        onClick={() => step(-1)}
        disabled={index <= 0}
        color="primary"
      >
        <ArrowCircleUpIcon fontSize="small" />
      </IconButtonWithTooltip>
      <IconButtonWithTooltip
        id={rowButtonId(source, index, 'down')}
        label={`Move ${rowName(noun, index)} down`}
        size="small"
        onClick={() => step(1)}
        disabled={index >= total - 1}
        color="primary"
      >
        <ArrowCircleDownIcon fontSize="small" />
      </IconButtonWithTooltip>
    </span>
  );
}

/** A SimpleFormIterator's buttons, each named by the list's noun: 'Add phone number', 'Move phone number 2 up', 'Remove phone number 2'. */
export const rowButtons = (noun: string, addLabel = `Add ${noun}`) => ({
  addButton: <AddRowButton label={addLabel} />,
  reOrderButtons: <MoveRowButtons noun={noun} />,
  removeButton: <RemoveRowButton noun={noun} />,
});

// Remove buttons stay visible: react-admin shows them on hover only, which hides them from keyboard users.
export const visibleRemoveSx = { '& .RaSimpleFormIterator-action': { visibility: 'visible' } } as const;
