import { Autocomplete, Chip, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { InputHelperText, useInput, useResourceContext, useTranslateLabel, type InputProps } from 'react-admin';
import { distinctTags } from '../../schema/tags';
import { useDeclaredRequired } from './declaredInputs/required';

interface TagsInputProps {
  source: string;
  label?: string;
  helperText?: ReactNode;
  // Tags offered while typing (e.g. those already used in the area); any other text is accepted too.
  suggestions?: readonly string[];
  // The form's validate runs on the whole record; this one is for a standalone use.
  validate?: InputProps['validate'];
}

const SEPARATOR = /[,;\n]/;

// Free text chips, stored as string[]. Enter, a comma or leaving the field turns the typed text into a chip;
// Backspace in the empty field removes the last one.
export function TagsInput({ source, label, helperText, suggestions = [], validate }: TagsInputProps) {
  const resource = useResourceContext();
  const { id, field, fieldState, isRequired } = useInput({ source, validate, defaultValue: [], isRequired: useDeclaredRequired(source) });
  const translateLabel = useTranslateLabel();
  const [text, setText] = useState('');
  const value = Array.isArray(field.value) ? (field.value as string[]) : [];
  const { error, invalid } = fieldState;

  const commit = (tags: readonly string[]) => field.onChange(distinctTags(tags));

  return (
    <Autocomplete<string, true, false, true>
      id={id}
      multiple
      freeSolo
      autoSelect
      filterSelectedOptions
      options={distinctTags(suggestions).filter((tag) => !value.some((v) => v.toLowerCase() === tag.toLowerCase()))}
      value={value}
      inputValue={text}
      onInputChange={(_event, next, reason) => {
        // Pasting or typing a separator commits what comes before it.
        if (reason === 'input' && SEPARATOR.test(next)) {
          const parts = next.split(SEPARATOR);
          const rest = parts.pop() ?? '';
          commit([...value, ...parts]);
          setText(rest);
          return;
        }
        setText(next);
      }}
      onChange={(_event, next) => commit(next)}
      onBlur={field.onBlur}
      fullWidth
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={tag} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={translateLabel({ label, source, resource }) + (isRequired ? ' *' : '')}
          placeholder={value.length === 0 ? 'Type a tag and press Enter' : undefined}
          error={invalid}
          size="small"
          helperText={<InputHelperText error={error?.message} helperText={helperText} />}
        />
      )}
    />
  );
}
