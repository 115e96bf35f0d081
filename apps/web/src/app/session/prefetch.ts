import type { QueryClient } from '@tanstack/react-query';
import { getToken, isTokenExpired, readClaims } from '../../api/token';
import { fetchPartnerLogos, fetchTenant } from '../../brand/api';
import { brandKeys } from '../../brand/keys';
import { getTenantId } from '../../brand/tenantId';
import { fetchMe, fetchPartner } from '../../session/api';
import { sessionKeys } from '../../session/keys';

/** What the token says of the signed-in user, unverified: it only chooses what to ask for; the server answers. */
export const signedInAs = (): 'agent' | 'superadmin' | null => {
  const token = getToken();
  if (!token || isTokenExpired(token)) return null;
  const kind = readClaims(token)?.kind;
  return kind === 'agent' || kind === 'superadmin' ? kind : null;
};

/**
 * The calls every signed-in page waits on, started together when one is opened: the user and the
 * partner at once (the partner was asked for only after the user had answered), the tenant's brand
 * and the partner's logos (asked for once the shell had rendered). Under the keys of the queries
 * that use them (RequireAuth, the shell), which find them in flight or done.
 */
/** A referral agent's token (the token says so; the session's user is the truth once it is read). */
export const signedInAsReferral = (): boolean => signedInAs() === 'agent' && readClaims(getToken()!)?.ref === true;

export const prefetchSession = (queryClient: QueryClient) => {
  const kind = signedInAs();
  if (!kind) return;
  void queryClient.prefetchQuery({ queryKey: sessionKeys.me(), queryFn: fetchMe, staleTime: Infinity });
  const tenantId = getTenantId();
  void queryClient.prefetchQuery({
    queryKey: brandKeys.tenant(tenantId),
    queryFn: () => fetchTenant(tenantId),
    staleTime: Infinity,
  });
  if (kind !== 'agent') return;
  void queryClient.prefetchQuery({ queryKey: sessionKeys.partner(), queryFn: fetchPartner, staleTime: 60_000 });
  const partnerId = readClaims(getToken() ?? '')?.pid;
  if (partnerId)
    void queryClient.prefetchQuery({
      queryKey: brandKeys.logos(partnerId),
      queryFn: () => fetchPartnerLogos(partnerId),
      staleTime: 60_000,
    });
};
