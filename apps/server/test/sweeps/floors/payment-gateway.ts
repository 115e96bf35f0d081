/** How the tenant floor holds for the payment gateway (modules/payment-gateway/*.test.ts). */
export const floor: Record<string, string> = {
  'POST /api/fetch-partner-razorpay-profile':
    "the session's partner's connection only; another partner's id in the body: 404",
  'POST /razorpay/partner/t1/authorize':
    "a state bound to the session's partner and agent; another partner's id in the body: 404",
  'POST /razorpay/partner/t1/connect':
    "connects the session's partner only, with a state issued to this agent of it (another partner's state: 400, still good for its owner); another partner's id in the body: 404",
  'POST /razorpay/partner/t1/disconnect':
    "disconnects the session's partner's connection only; another partner's id in the body: 404",
};
