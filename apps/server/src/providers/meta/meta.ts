import type { LinkKind } from '@pc/contract';

/** What the messaging provider says about a channel; fields it does not report are left out. */
export type ChannelState = {
  isWhatsappVerified?: boolean;
  whatsappNumber?: string | null;
  whatsAppDisplayName?: string | null;
  displayNameStatus?: string | null;
  qualityRating?: string | null;
  messagingLimit?: string | null;
  wabaBanState?: string | null;
};

export type BusinessManagerInfo = { name: string; verification_status: string; id: string };
export type PhoneDetails = {
  display_phone_number: string;
  verified_name: string;
  name_status: string;
  quality_rating: string;
  messaging_limit_tier: string;
  /**
   * The business portfolio's messaging limit, which every number of the portfolio shares since
   * October 2025 (Graph API v24.0 and later; `messaging_limit_tier` is deprecated).
   */
  whatsapp_business_manager_messaging_limit?: string;
  /** CONNECTED once registered (PENDING before, FLAGGED, RESTRICTED, DISCONNECTED...). */
  status?: string;
};
export type ChannelRef = { projectId: string; wabaNumberId: string | null; current: ChannelState };
export type LinkContext = { projectId: string; partnerId: string; businessId: string };

/** The Meta side of the product (ARCHITECTURE rule 8): sandbox by default, the Graph API when META_MODE=live. */
export type MetaProvider = {
  mode: 'sandbox' | 'live';
  link: (kind: LinkKind, ctx: LinkContext) => Promise<string>;
  channelStatus: (ref: ChannelRef) => Promise<ChannelState>;
  businessInfo: (fbBusinessId: string, wabaId?: string) => Promise<BusinessManagerInfo>;
  phoneDetails: (ref: ChannelRef) => Promise<PhoneDetails | null>;
};
