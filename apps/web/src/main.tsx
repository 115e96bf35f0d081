import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { dropExpiredToken } from './api/token';
import { App } from './app/App';
import { captureTenantId } from './app/branding/tenantId';

dropExpiredToken();
captureTenantId();

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
