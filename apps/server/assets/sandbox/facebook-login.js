/* global document, fetch, FormData, window */
// The sandbox Facebook login dialog (modules/embedded-signup/sandbox-dialog.ts), served as a file so
// the page needs no inline script. It answers the page that opened it as Facebook's SDK would:
// a message to the opener, only ever to this server's own origin, then it closes.
const form = document.getElementById('f');
const done = document.getElementById('done');
// Meta's Embedded Signup posts the page its session as a JSON string ({ type: 'WA_EMBEDDED_SIGNUP',
// event, data }) before the login's callback gets the code; the sandbox does the same.
const embedded = () => document.getElementById('phone') !== null;
const session = (event, data) => {
  if (window.opener)
    window.opener.postMessage(JSON.stringify({ type: 'WA_EMBEDDED_SIGNUP', event, data }), window.location.origin);
};
const answer = (data) => {
  if (window.opener) {
    window.opener.postMessage({ type: 'sandbox-facebook-login', ...data }, window.location.origin);
    window.close();
  }
};
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const login = { scopes: data.getAll('scope'), userName: data.get('userName') };
  // The WhatsApp account's fields are on the page only when the login asks to manage WhatsApp.
  for (const field of ['businessName', 'phoneNumber', 'displayName'])
    if (data.has(field)) login[field] = data.get(field);
  const res = await fetch('/sandbox/facebook/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  const body = await res.json();
  done.hidden = false;
  if (!res.ok) {
    done.textContent = body.message;
    return;
  }
  done.textContent = 'Logged in. You can close this window.';
  if (body.session) {
    const s = body.session;
    session(s.event, { waba_id: s.wabaId, phone_number_id: s.phoneNumberId, business_id: s.businessId });
    answer({ status: 'connected', code: body.code });
  } else answer({ status: 'connected', accessToken: body.accessToken });
});
document.getElementById('cancel').addEventListener('click', () => {
  done.hidden = false;
  done.textContent = 'Login cancelled. You can close this window.';
  if (embedded()) session('CANCEL', { current_step: 'PERMISSIONS' });
  answer({ status: 'not_authorized' });
});
