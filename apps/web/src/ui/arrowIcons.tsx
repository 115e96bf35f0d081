import { createSvgIcon } from '@mui/material/utils';

// MUI's own arrows of its pager and its tabs' scroll buttons (their paths differ from the icon set's by
// a quarter pixel), for the parts drawn here as MUI draws them: ui/Pager, ui/ScrollTabs.
export const ArrowLeftIcon = createSvgIcon(
  <path d="M15.41 16.09l-4.58-4.59 4.58-4.59L14 5.5l-6 6 6 6z" />,
  'KeyboardArrowLeft',
);
export const ArrowRightIcon = createSvgIcon(
  <path d="M8.59 16.34l4.58-4.59-4.58-4.59L10 5.75l6 6-6 6z" />,
  'KeyboardArrowRight',
);
