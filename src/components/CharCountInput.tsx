import { Box, TextField } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useEffect, useState } from 'react';
import { FieldTitle, InputHelperText, useInput, useResourceContext } from 'react-admin';
import { growingTextarea } from './GrowingTextarea';
import { useDeclaredRequired } from './declaredInputs/required';

export interface CharCountInputProps {
  source: string;
  label?: string;
  // The length search engines show (issue #3: 60 for a title, 160 for a description).
  max: number;
  multiline?: boolean;
  minRows?: number;
  helperText?: string;
}

// How long typing must pause before the remaining count is announced: every keystroke would be noise.
const ANNOUNCE_DELAY_MS = 800;

export const countMessage = (length: number, max: number): string => {
  const left = max - length;
  if (left >= 0) return `${left} character${left === 1 ? '' : 's'} remaining`;
  return `${-left} character${left === -1 ? '' : 's'} too many`;
};

// A text input with a live 'n / max' counter that turns to the error colour past the limit; screen readers
// hear the remaining count politely once typing pauses (the GOV.UK character-count pattern).
export function CharCountInput({ source, label, max, multiline = false, minRows = 3, helperText }: CharCountInputProps) {
  const resource = useResourceContext();
  const { id, field, fieldState, isRequired } = useInput({ source, isRequired: useDeclaredRequired(source) });
  const { ref, ...fieldProps } = field;
  const value = typeof field.value === 'string' ? field.value : '';
  const length = value.length;
  const over = length > max;
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setAnnouncement(countMessage(length, max)), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [length, max]);

  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  const counterId = `${id}-count`;

  return (
    <Box sx={{ width: '100%' }}>
      <TextField
        {...fieldProps}
        inputRef={ref}
        value={value}
        id={id}
        fullWidth
        multiline={multiline}
        label={<FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />}
        error={!!error || over}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <Box component="span" sx={{ minWidth: 0 }}>
              <InputHelperText error={error} helperText={helperText} />
            </Box>
            {/* Not drawn between flex items; read, so the description is not "…results0 / 300". */}{' '}
            <Box
              component="span"
              id={counterId}
              data-testid={`${source}-count`}
              sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums', fontWeight: over ? 700 : 400, color: over ? 'error.main' : 'text.secondary' }}
            >
              {length} / {max}
            </Box>
          </Box>
        }
        slotProps={{ formHelperText: { component: 'div' }, input: multiline ? { inputComponent: growingTextarea(minRows) } : undefined }}
      />
      <Box component="span" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Box>
  );
}
