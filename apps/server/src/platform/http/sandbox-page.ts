/** HTML-escapes text put into a page (every request value the sandbox pages show). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A sandbox provider's page (ARCHITECTURE rules 14 and 15): the shared stylesheet, no inline
 * script or style; `body` is already escaped markup.
 */
export const sandboxHtml = (title: string, body: string, provider = 'Meta sandbox') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(provider)}</title><link rel="stylesheet" href="/sandbox/meta/assets/page.css"></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
