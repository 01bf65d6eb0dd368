import { useState } from 'react';
import { useDebouncedCallback } from '../hooks/use-debounced-callback';
import { TextField } from './text-field';

export const SEARCH_DEBOUNCE_MS = 300;
export const DEFAULT_SEARCH_LABEL = 'بحث';

export interface SearchFieldProps {
  /** The search the list is showing (usually the URL's `search`). */
  value: string;
  /** Called 300 ms after typing stops, or at once on Enter. */
  onSearch: (search: string) => void;
  label?: string;
  placeholder?: string;
  hint?: string;
}

/**
 * A list's search box (`type="search"`, Arabic-Indic digits normalised): the list (and so the
 * request) changes 300 ms after typing stops, or at once on Enter, never once per letter. The box
 * follows `value` when it changes from outside (back/forward, "clear filters").
 */
export function SearchField({
  value,
  onSearch,
  label = DEFAULT_SEARCH_LABEL,
  placeholder,
  hint,
}: SearchFieldProps) {
  const [text, setText] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  const debounced = useDebouncedCallback(onSearch, SEARCH_DEBOUNCE_MS);

  // Follow an outside change during render, not in an effect, so no frame shows the stale text
  // (and no effect sets state: react-hooks/set-state-in-effect). A trailing space the user is
  // still typing is not a difference.
  if (value !== seenValue) {
    setSeenValue(value);
    if (text.trim() !== value) setText(value);
  }

  return (
    <TextField
      type="search"
      label={label}
      placeholder={placeholder}
      hint={hint}
      value={text}
      normaliseDigits
      onChange={(event) => {
        setText(event.target.value);
        debounced.run(event.target.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          debounced.flush();
        }
      }}
    />
  );
}
