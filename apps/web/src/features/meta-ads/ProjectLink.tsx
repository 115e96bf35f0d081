import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** A project's name as a link to its Meta Ad tab (the project page's tabs are slugged: "Meta Ad" is meta-ad). */
export const ProjectLink = ({ id, name }: { id: string | null; name: string | null }) =>
  id ? (
    <Link component={RouterLink} to={`/assistants/${encodeURIComponent(id)}?tab=meta-ad`}>
      {name ?? '-'}
    </Link>
  ) : (
    (name ?? '-')
  );
