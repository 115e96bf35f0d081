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
// A generated link's dialog (Facebook's manual login flow) sends the browser back to the link
// callback instead: with a code and the link's state, or with Facebook's cancel parameters.
const redirect = form.dataset.redirect;
const back = (params) => {
  const url = new URL(redirect);
  for (const [k, v] of Object.entries({ ...params, state: form.dataset.state ?? '' })) url.searchParams.set(k, v);
  window.location.assign(url.toString());
};
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const login = { scopes: data.getAll('scope'), userName: data.get('userName') };
  if (redirect) login.redirectUri = redirect;
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
  if (redirect) {
    back({ code: body.code });
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
  if (redirect) {
    back({
      error: 'access_denied',
      error_code: '200',
      error_description: 'Permissions error',
      error_reason: 'user_denied',
    });
    return;
  }
  done.hidden = false;
  done.textContent = 'Login cancelled. You can close this window.';
  if (embedded()) session('CANCEL', { current_step: 'PERMISSIONS' });
  answer({ status: 'not_authorized' });
});
