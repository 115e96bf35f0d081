import { z } from 'zod';
import { billingDetailsTexts } from './billing-details.js';

/**
 * The payment gateway (Razorpay) a partner connects on Configure Onboarding (spec doc 3 sections 2,
 * 4, 7, 8 and 9). The console asks this server for the authorisation page's address, the partner
 * allows access there, Razorpay sends the browser back to the callback page with `code` and
 * `state`, and the callback page hands both to the connect call.
 */
export const RAZORPAY_CALLBACK_PATH = '/integrations/appstore/app/razorpay/auth';
/** Where the callback page goes after a connection (doc 3 section 2), and after how long (section 9). */
export const PAYMENT_CONNECTED_REDIRECT_PATH = '/manage/onboarding';
export const PAYMENT_CONNECT_REDIRECT_MS = 2000;

export const paymentGatewayTexts = {
  // Doc 3 section 8, verbatim.
  disconnectFailed: 'Failed to disconnect Razorpay',
  noBillingAddress: billingDetailsTexts.noBillingAddress,
  callbackFailed: 'Something went wrong! Unable to authenticate',
  // Ours: the spec names these states without their words.
  title: 'Payment gateway',
  intro: 'Payments from your customers go straight to your own Razorpay account.',
  connected: 'Razorpay is connected',
  connectedChip: 'Connected',
  merchantId: 'Merchant ID',
  notConnected: 'Razorpay is not connected.',
  connect: 'Connect Razorpay',
  disconnect: 'Disconnect',
  disconnectTitle: 'Disconnect Razorpay?',
  disconnectText: 'The console gives up its access to your Razorpay account. You can connect it again at any time.',
  disconnected: 'Razorpay disconnected',
  connectedMessage: 'Razorpay connected',
  addBillingDetails: 'Add your billing details first: Razorpay needs them to connect.',
  connectingHint: 'Finish connecting in the Razorpay tab. This page updates when it is done.',
  callbackTitle: 'Connect Razorpay',
  callbackWaiting: 'Connecting your Razorpay account, please wait…',
  callbackConnected: 'Razorpay connected! Taking you back to Configure Onboarding…',
  backToDashboard: 'Back to dashboard',
  invalidState: 'This authorisation has expired or was already used. Connect Razorpay again from Configure Onboarding.',
  alreadyConnected: 'Razorpay is already connected. Disconnect it first to connect another account.',
  // Ours: an account that stopped being connected without the partner's Disconnect (the date is formatted).
  revokedNotice: (date: string) => `Razorpay says this access was revoked on ${date}. Connect again to take payments.`,
  refreshRefusedNotice: (date: string) =>
    `Razorpay refused to renew this access on ${date}. Connect again to take payments.`,
} as const;

/** The profile's status (doc 3 section 4): LIVE means connected; otherwise not connected. */
export const razorpayProfileStatuses = ['LIVE', 'NOT_CONNECTED'] as const;
export const RazorpayProfileStatus = z.enum(razorpayProfileStatuses);
export type RazorpayProfileStatus = z.infer<typeof RazorpayProfileStatus>;

/** The spec's calls carry the partner's id; it must be the session's own (another one: 404). */
const PartnerIdField = z.string().min(1).max(100);

/**
 * Ours: why a connected account no longer is, when the partner did not disconnect it. REVOKED:
 * Razorpay's `account.app.authorization_revoked` webhook (the merchant revoked the access in
 * Razorpay); REFRESH_REFUSED: Razorpay refused to renew the access token (the grant is over).
 */
export const razorpayDisconnectReasons = ['REVOKED', 'REFRESH_REFUSED'] as const;
export const RazorpayDisconnectReason = z.enum(razorpayDisconnectReasons);
export type RazorpayDisconnectReason = z.infer<typeof RazorpayDisconnectReason>;

export const FetchRazorpayProfileRequest = z.object({ partnerId: PartnerIdField });
export type FetchRazorpayProfileRequest = z.infer<typeof FetchRazorpayProfileRequest>;
export const RazorpayProfile = z.object({
  status: RazorpayProfileStatus,
  /** The connected Razorpay account's id (`acc_...`); null when not connected. */
  merchantId: z.string().nullable(),
  /**
   * Ours: with NOT_CONNECTED, the last connection's end when Razorpay ended it (why, and when, an
   * ISO instant), so the section can say so; null otherwise (never connected, or disconnected here).
   */
  disconnected: z.object({ reason: RazorpayDisconnectReason, at: z.string() }).nullable(),
});
export type RazorpayProfile = z.infer<typeof RazorpayProfile>;

/** Ours: the authorisation page's address, with a fresh single-use `state` bound to the signed-in user. */
export const RazorpayAuthorizeRequest = z.object({ partnerId: PartnerIdField });
export type RazorpayAuthorizeRequest = z.infer<typeof RazorpayAuthorizeRequest>;
export const RazorpayAuthorizeResponse = z.object({ url: z.string() });
export type RazorpayAuthorizeResponse = z.infer<typeof RazorpayAuthorizeResponse>;

export const RazorpayConnectRequest = z.object({
  /** The callback's query parameters, as Razorpay sent them. */
  state: z.string().min(1, paymentGatewayTexts.invalidState).max(200, paymentGatewayTexts.invalidState),
  code: z.string().min(1, paymentGatewayTexts.callbackFailed).max(4096, paymentGatewayTexts.callbackFailed),
  /** The console's host name as the browser shows it (the spec sends it; the server does not rely on it). */
  domain: z.string().max(253),
  partnerId: PartnerIdField,
});
export type RazorpayConnectRequest = z.infer<typeof RazorpayConnectRequest>;

export const RazorpayDisconnectRequest = z.object({ partnerId: PartnerIdField });
export type RazorpayDisconnectRequest = z.infer<typeof RazorpayDisconnectRequest>;

/** The merchant id as the console shows it: without its first 4 characters (doc 3 section 2), `acc_` for Razorpay's. */
export const displayedMerchantId = (merchantId: string): string => merchantId.slice(4);
