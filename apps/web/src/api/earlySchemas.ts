/**
 * The contract's schemas the app needs before its first page shows: the session, the brand, the
 * sign-in form and every error answer; and the unread count's, asked for by the shell once the page
 * is painted. They are loaded with `early(name)`, in their own chunk, so
 * zod is not part of the JavaScript the sign-in page waits for; it arrives beside
 * the page's first request and every answer is checked as before (docs/benchmarks.md).
 */
export {
  AppConfig,
  ErrorBody,
  LoginRequest,
  Me,
  MessageBody,
  NotificationUnread,
  PartnerLogosResponse,
  ProfileResponse,
  TenantProfileResponse,
  TokenResponse,
} from '@pc/contract';
