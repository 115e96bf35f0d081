/* global document, window */
// The sandbox customer-chat widget (providers/chat-widget): what the console loads when no vendor's
// widget is configured (CHAT_WIDGET_SCRIPT_URL), so the demo shows the widget doc 1 section 1 starts
// after sign-in, with the settings and user attributes the console gives it. It talks to nobody: a
// message typed here stays in this page. Built with DOM calls only (text, never HTML, so a user's
// name cannot become markup) and styled through the CSSOM, which the Content-Security-Policy allows.
(() => {
  if (document.getElementById('sandbox-chat-widget')) return;
  const settings = window.chatWidgetSettings ?? {};
  const user = settings.userAttributes ?? {};
  const gap = (n) => `${Number.isFinite(n) ? n : 20}px`;
  const side = settings.alignment === 'left' ? 'left' : 'right';

  const el = (tag, style, text) => {
    const node = document.createElement(tag);
    Object.assign(node.style, style);
    if (text !== undefined) node.textContent = text;
    return node;
  };
  // Above the page and its app bar, below the console's dialogs (1300) and snackbars (1400).
  const root = el('div', { position: 'fixed', bottom: gap(settings.verticalPadding), zIndex: '1200' });
  root.style[side] = gap(settings.horizontalPadding);
  root.id = 'sandbox-chat-widget';
  const font = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

  const panel = el('section', {
    display: 'none',
    flexDirection: 'column',
    width: 'min(320px, calc(100vw - 40px))',
    maxHeight: 'min(420px, calc(100vh - 120px))',
    marginBottom: '12px',
    background: '#fff',
    color: '#1f2933',
    borderRadius: '12px',
    boxShadow: '0 8px 24px rgba(0,0,0,0.2)',
    font: `14px/1.4 ${font}`,
    overflow: 'hidden',
  });
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', 'Support chat');
  const header = el('div', { padding: '12px 16px', background: '#075e54', color: '#fff', fontWeight: '600' });
  header.textContent = 'Support chat';
  const log = el('div', { padding: '12px 16px', overflowY: 'auto', flex: '1', display: 'grid', gap: '8px' });
  log.setAttribute('role', 'log');
  const bubble = (text, mine) =>
    el(
      'p',
      {
        margin: '0',
        padding: '8px 10px',
        borderRadius: '8px',
        justifySelf: mine ? 'end' : 'start',
        background: mine ? '#dcf8c6' : '#f0f2f5',
        maxWidth: '85%',
      },
      text,
    );
  const name = typeof user.name === 'string' && user.name ? user.name : 'there';
  log.append(
    bubble(`Hi ${name}, how can we help you today?`, false),
    bubble(
      "This is the demo's sandbox chat widget: with a vendor's widget configured, your messages reach its support team.",
      false,
    ),
  );
  const form = el('form', { display: 'flex', gap: '8px', padding: '8px 12px', borderTop: '1px solid #e4e7eb' });
  const input = el('input', { flex: '1', font: 'inherit', padding: '6px 8px', minWidth: '0' });
  input.setAttribute('aria-label', 'Message');
  input.maxLength = 500;
  const send = el('button', { font: 'inherit', padding: '6px 12px', cursor: 'pointer' }, 'Send');
  send.type = 'submit';
  form.append(input, send);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    input.value = '';
    log.append(bubble(text, true), bubble('Thanks! The sandbox widget sends nothing: this reply is its own.', false));
    log.scrollTop = log.scrollHeight;
  });
  panel.append(header, log, form);

  const launcher = el('button', {
    width: '56px',
    height: '56px',
    borderRadius: '50%',
    border: 'none',
    background: '#25d366',
    // Dark on the bright green: white on it is 2:1, this is over 6:1 (WCAG AA asks 4.5).
    color: '#0b3d2e',
    boxShadow: '0 4px 12px rgba(0,0,0,0.25)',
    cursor: 'pointer',
    font: `600 13px ${font}`,
    float: side,
  });
  launcher.type = 'button';
  launcher.textContent = 'Chat';
  launcher.setAttribute('aria-label', 'Open support chat');
  launcher.setAttribute('aria-expanded', 'false');
  launcher.addEventListener('click', () => {
    const open = panel.style.display === 'none';
    panel.style.display = open ? 'flex' : 'none';
    launcher.setAttribute('aria-expanded', String(open));
    launcher.setAttribute('aria-label', open ? 'Close support chat' : 'Open support chat');
    if (open) input.focus();
  });

  root.append(panel, launcher);
  document.body.append(root);
})();
