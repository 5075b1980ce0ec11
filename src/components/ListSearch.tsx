import { SearchInput, type SearchInputProps } from 'react-admin';
import { MAX_SEARCH_LENGTH } from '../../schema/api';

interface ListSearchProps extends Omit<SearchInputProps, 'source'> {
  source?: 'q';
  /** The field's accessible name ("Search blog posts"). */
  name: string;
  /** 48 px high, as the lists with no other filter beside it have it. */
  tall?: boolean;
}

/**
 * A list's text search (`q`). It takes no more than the API searches (schema/api.ts MAX_SEARCH_LENGTH): past it the
 * API answers 400. react-admin reads `source` and `alwaysOn` from this element, so both are its own props.
 */
export function ListSearch({ name, tall = false, source = 'q', alwaysOn = true, placeholder, sx, ...rest }: ListSearchProps) {
  return (
    <SearchInput
      {...rest}
      source={source}
      alwaysOn={alwaysOn}
      placeholder={placeholder ?? 'Search'}
      sx={tall ? { '& .MuiInputBase-root': { minHeight: 48 }, ...sx } : sx}
      slotProps={{ htmlInput: { 'aria-label': name, maxLength: MAX_SEARCH_LENGTH } }}
    />
  );
}
