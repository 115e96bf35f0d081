import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentGatewayTexts as t } from '@pc/contract';
import { errorText } from '../../api/errors';
import { useNotify } from '../../ui/useNotify';
import { disconnectRazorpay, fetchRazorpayProfile } from './api';
import { paymentGatewayKeys } from './keys';

/**
 * The partner's Razorpay profile. While a connection is under way in another tab it is read every
 * 2 seconds, and again whenever the console's tab comes back into focus, so the section shows the
 * connection as soon as the callback made it.
 */
export const useRazorpayProfile = (partnerId: string, polling: boolean) =>
  useQuery({
    queryKey: paymentGatewayKeys.profile(partnerId),
    queryFn: () => fetchRazorpayProfile(partnerId),
    refetchOnWindowFocus: true,
    refetchInterval: polling ? 2000 : false,
  });

/**
 * Disconnect, after the confirmation; 'Failed to disconnect Razorpay' unless the server said why.
 * Either way the confirmation closes (`onDone`) and the profile is read again, so the section shows
 * what the server has.
 */
export const useDisconnectRazorpay = (partnerId: string, onDone: () => void) => {
  const client = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: () => disconnectRazorpay(partnerId),
    onSuccess: (answer) => notify.success(answer.message),
    onError: (error) => notify.error(errorText(error, t.disconnectFailed)),
    onSettled: () => {
      onDone();
      return client.invalidateQueries({ queryKey: paymentGatewayKeys.profile(partnerId) });
    },
  });
};
