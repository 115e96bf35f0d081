import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { dropExpiredToken } from './api/token';
import { App } from './app/App';
import { captureTenantId } from './brand/tenantId';

// zod compiles its object parsers with new Function where it may. The console's CSP forbids eval, and
// even zod's probe for it is reported as a CSP violation, so answers are checked without compiling.
// This is z.config({ jitless: true }): zod keeps its configuration in this global (shared by every
// copy of zod), set here before any schema is built, without loading zod with the first page.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
dropExpiredToken();
captureTenantId();

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
// Rendered as a transition, so React yields to the browser every few milliseconds while it builds
// the first page instead of holding the main thread in one long task (input and paint wait on it).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
