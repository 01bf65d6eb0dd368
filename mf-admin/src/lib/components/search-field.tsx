import { useState } from 'react';
import { TextField } from 'shared-ui';
import { useDebouncedCallback } from '../use-debounced-callback';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search box: the URL (and so the request) changes 300 ms after typing stops, or at
 * once on Enter; the box follows the URL when it changes from outside (back/forward).
 */
export function SearchField({
  value,
  onSearch,
  label = 'بحث',
  placeholder,
}: {
  value: string;
  onSearch: (search: string) => void;
  label?: string;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  const debounced = useDebouncedCallback(onSearch, SEARCH_DEBOUNCE_MS);

  // The URL changed under the box (back/forward, "clear filters"): follow it, during render
  // rather than in an effect so there is no frame showing the stale text. A trailing space the
  // user is still typing is not a difference.
  if (value !== seenValue) {
    setSeenValue(value);
    if (text.trim() !== value) setText(value);
  }

  return (
    <TextField
      type="search"
      label={label}
      placeholder={placeholder}
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
