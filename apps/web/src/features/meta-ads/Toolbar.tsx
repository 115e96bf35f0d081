import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, Box, Button } from '@mui/material';
import { SearchBox } from '../../ui/SearchBox';
import { metaAdsAreaTexts as t } from './texts';

type Props = {
  search?: { label: string; value: string; onSearch: (text: string) => void };
  /** The Filter dialog (the Ads tab only); `active` when a range is applied. */
  filter?: { active: boolean; onOpen: () => void };
  downloading: boolean;
  onDownload: () => void;
};

/** The tab's header: the search box, Filter where the tab has it, and Download Report. */
export const Toolbar = ({ search, filter, downloading, onDownload }: Props) => (
  <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
    {search && (
      <SearchBox
        label={search.label}
        clearLabel={t.clearSearch}
        value={search.value}
        onSearch={search.onSearch}
        sx={{ flex: { xs: '1 1 200px', sm: '0 1 380px' } }}
      />
    )}
    {filter && (
      <Button variant="outlined" onClick={filter.onOpen} startIcon={<FilterListIcon />}>
        <Badge color="primary" variant="dot" invisible={!filter.active} sx={{ pr: filter.active ? 1 : 0 }}>
          {t.filter}
        </Badge>
      </Button>
    )}
    <Box sx={{ flex: 1 }} />
    <Button
      variant="contained"
      startIcon={<FileDownloadOutlinedIcon />}
      loading={downloading}
      loadingPosition="start"
      onClick={onDownload}
    >
      {t.downloadReport}
    </Button>
  </Box>
);
