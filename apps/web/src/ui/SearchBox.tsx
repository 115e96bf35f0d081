import { FormControl, IconButton, InputAdornment, OutlinedInput, type SxProps, type Theme } from '@mui/material';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { useState } from 'react';

type Props = {
  label: string;
  clearLabel: string;
  /** The search in force (from the URL): the box shows it, and follows it on Back or Forward. */
  value?: string;
  onSearch: (text: string) => void;
  sx?: SxProps<Theme>;
};

/** The lists' search box: searches on Enter; clearing it (button or emptied box) clears the search. */
export const SearchBox = ({ label, clearLabel, value = '', onSearch, sx }: Props) => {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The search in force changed outside the box (Back, a link): show it (React's adjust-on-prop pattern).
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  // A TextField without its label, less its select mode (ui/TextInput says why).
  return (
    <FormControl size="small" fullWidth sx={sx ?? { flex: { xs: '1 1 200px', sm: '0 1 320px' } }}>
      <OutlinedInput
        placeholder={label}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (!e.target.value) onSearch('');
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch(text.trim());
        }}
        inputProps={{ 'aria-label': label }}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon fontSize="small" />
          </InputAdornment>
        }
        endAdornment={
          text ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                aria-label={clearLabel}
                onClick={() => {
                  setText('');
                  onSearch('');
                }}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined
        }
      />
    </FormControl>
  );
};
