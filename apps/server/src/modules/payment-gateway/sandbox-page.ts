import { sandboxOutcomes } from '../../providers/razorpay/sandbox.js';

/** Every character that could end an attribute or start markup, as a numeric reference. */
const escape = (s: string) => s.replace(/[&<>"'`=]/g, (c) => `&#${c.charCodeAt(0)};`);

const html = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Authorise access · Razorpay sandbox</title><link rel="stylesheet" href="/sandbox/razorpay/assets/page.css"></head>
<body><main><p class="brand">Razorpay <span>sandbox</span></p>${body}</main></body></html>`;

/**
 * The sandbox's authorisation page, as Razorpay's asks a merchant: Allow or Deny, plus the outcome
 * the sandbox should produce (ARCHITECTURE rule 15). No script at all; the request's redirect URI
 * and state reach the page only HTML-escaped, in hidden fields of a GET form to this server
 * (`form-action 'self'`), which answers with the redirect to the callback.
 */
export const authorisationPage = (request: { redirectUri: string; state: string }) =>
  html(`<h1>Partner Console wants to access your Razorpay account</h1>
<p>It will be able to read and write your account's data (scope <code>read_write</code>): payments, orders, refunds and settlements.</p>
<form method="get" action="/sandbox/razorpay/decide">
<input type="hidden" name="redirect_uri" value="${escape(request.redirectUri)}">
<input type="hidden" name="state" value="${escape(request.state)}">
<fieldset><legend>What the sandbox does when you allow access</legend>${Object.entries(sandboxOutcomes)
    .map(
      ([value, label], i) =>
        `<label><input type="radio" name="outcome" value="${value}"${i === 0 ? ' checked' : ''}> ${escape(label)}</label>`,
    )
    .join('')}</fieldset>
<div class="actions"><button type="submit" name="decision" value="allow">Allow access</button><button type="submit" name="decision" value="deny" class="secondary">Deny</button></div>
</form>`);

/** A request the sandbox refuses, said in its own words only (nothing of the request is shown). */
export const invalidRequestPage = (reason: string) =>
  html(`<h1>This authorisation request is invalid</h1><p id="error">${escape(reason)}</p>`);
