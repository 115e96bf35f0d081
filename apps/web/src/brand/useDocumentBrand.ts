import { useEffect } from 'react';
import { pageTitle } from '@pc/contract';
import { DEFAULT_FAVICON, type Brand } from './brand';

const setFavicon = (href: string) => {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) {
    link.removeAttribute('type');
    link.href = href;
  }
};

export const useDocumentBrand = (brand: Brand): void => {
  useEffect(() => {
    document.title = pageTitle(brand.name);
    setFavicon(brand.faviconUrl ?? DEFAULT_FAVICON);
  }, [brand.name, brand.faviconUrl]);
};
