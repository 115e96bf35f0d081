import { MessageBody, RazorpayAuthorizeResponse, RazorpayProfile, type RazorpayConnectRequest } from '@pc/contract';
import { api } from '../../api/client';

/** The spec's calls (doc 3 section 7); the payments service is this server. */
export const fetchRazorpayProfile = (partnerId: string) =>
  api.post('/api/fetch-partner-razorpay-profile', { partnerId }, RazorpayProfile);

/** Ours: the authorisation page's address, with a fresh single-use state. */
export const authorizeRazorpay = (partnerId: string) =>
  api.post('/razorpay/partner/t1/authorize', { partnerId }, RazorpayAuthorizeResponse);

export const connectRazorpay = (body: RazorpayConnectRequest) =>
  api.post('/razorpay/partner/t1/connect', body, MessageBody);

export const disconnectRazorpay = (partnerId: string) =>
  api.post('/razorpay/partner/t1/disconnect', { partnerId }, MessageBody);
