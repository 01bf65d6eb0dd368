import { useState } from 'react';
import { TextField } from 'shared-ui';
import { useDebouncedCallback } from '../use-debounced-callback';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search box: typing is debounced (300 ms) before the URL (and the request) changes;
 * the box follows the URL when it changes from outside (back/forward).
 */
export function ListSearchField({
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
  const [shownValue, setShownValue] = useState(value);
  const debounced = useDebouncedCallback(onSearch, SEARCH_DEBOUNCE_MS);

  // The URL changed from outside (back/forward, cleared filters): show its search.
  if (shownValue !== value) {
    setShownValue(value);
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
