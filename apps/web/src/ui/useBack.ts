import { useLocation, useNavigate } from 'react-router';

/**
 * A page's Back: the previous page in the history (the list with its tab, filter and page, which
 * live in its URL); opened directly (a link, a new tab) there is none, so `fallback`.
 */
export const useBack = (fallback: string) => {
  const navigate = useNavigate();
  const location = useLocation();
  return () => void (location.key === 'default' ? navigate(fallback) : navigate(-1));
};
