import Search from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../lib/constants';

/**
 * The name search: changes reach `onSearch` 400 ms after the last keystroke; Escape clears the
 * box and the search at once. A change of `value` from outside (reset) replaces the text.
 */
export function NameSearch({
  value,
  placeholder,
  onSearch,
}: {
  value: string;
  placeholder: string;
  onSearch: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sent = useRef(value);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const send = (next: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (next === sent.current) return;
    sent.current = next;
    onSearch(next);
  };

  return (
    <TextField
      size="small"
      type="search"
      value={text}
      placeholder={placeholder}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => send(next), SEARCH_DEBOUNCE_MS);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          setText('');
          send('');
        }
      }}
      // Wide enough for the whole placeholder ('Search by property owner name...' was cut at
      // 280 px); the full row on phones.
      sx={{ width: { xs: '100%', sm: 360 } }}
      slotProps={{
        htmlInput: { 'aria-label': placeholder.replace(/\.\.\.$/, '') },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
