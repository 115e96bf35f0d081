import { IconButton, InputAdornment, TextField } from '@mui/material';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { useState } from 'react';
import { projectsTexts } from './texts';

/** Searches on Enter; the clear button empties the box and the search. */
export const SearchBox = ({ onSearch }: { onSearch: (text: string) => void }) => {
  const [text, setText] = useState('');
  return (
    <TextField
      size="small"
      placeholder={projectsTexts.search}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onSearch(text);
      }}
      sx={{ flex: { xs: '1 1 200px', sm: '0 1 320px' } }}
      slotProps={{
        htmlInput: { 'aria-label': projectsTexts.search },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                aria-label={projectsTexts.clearSearch}
                onClick={() => {
                  setText('');
                  onSearch('');
                }}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
};
