export const paymentGatewayKeys = {
  all: ['payment-gateway'] as const,
  profile: (partnerId: string) => [...paymentGatewayKeys.all, 'profile', partnerId] as const,
};
