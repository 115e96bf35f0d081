import { z } from 'zod';
import { SignupFacebook } from '../onboarding/embedded-signup.js';

/** A project's Meta Ads set-up, step by step: the Projects tab's tabs (doc 3 section 2). */
export const connectionStages = ['FB_NOT_CONNECTED', 'PAGE_NOT_SELECTED', 'WA_NUMBER_NOT_LINKED', 'CONNECTED'] as const;
export const ConnectionStage = z.enum(connectionStages);
export type ConnectionStage = z.infer<typeof ConnectionStage>;

export const OtpState = z.enum(['NONE', 'SENT', 'VERIFIED']);
export type OtpState = z.infer<typeof OtpState>;

/** An asset's tag (doc 3 section 3): Assigned; Limited (not assigned); Personal (no business). */
export const AssetTag = z.enum(['Assigned', 'Limited', 'Personal']);
export type AssetTag = z.infer<typeof AssetTag>;

export const assetTagOf = (a: { metaBusinessId: string | null; isAssigned: boolean }): AssetTag =>
  !a.metaBusinessId ? 'Personal' : a.isAssigned ? 'Assigned' : 'Limited';

/** Page (doc 3 section 3), with its tag. */
export const MetaPage = z.object({
  pageId: z.string(),
  pageName: z.string(),
  metaBusinessId: z.string().nullable(),
  metaBusinessName: z.string().nullable(),
  isAssigned: z.boolean(),
  whatsappNumber: z.string().nullable(),
  tag: AssetTag,
});
export type MetaPage = z.infer<typeof MetaPage>;

/** Ad account (doc 3 section 3), with its tag. */
export const MetaAdAccount = z.object({
  accountId: z.string(),
  accountName: z.string(),
  systemUserId: z.string().nullable(),
  metaBusinessId: z.string().nullable(),
  metaBusinessName: z.string().nullable(),
  isAssigned: z.boolean(),
  tag: AssetTag,
});
export type MetaAdAccount = z.infer<typeof MetaAdAccount>;

/**
 * The Meta ads fields of a project (doc 3 section 3) as the Meta Ad tab reads them (`assistantData`),
 * with ours: who is looking may change the frozen assets, why Connect Facebook is disabled, the
 * stage and the credit. Budgets in 1/100000 of the project's currency.
 */
export const MetaAdsAssistantData = z.object({
  _id: z.string(),
  fbConnected: z.boolean(),
  fbUserId: z.string().nullable(),
  fbUserName: z.string().nullable(),
  fbGrantedScopes: z.array(z.string()),
  fbConnectedBy: z.string().nullable(),
  /** The viewer is the user who connected Facebook (or nobody did): freeze, unfreeze, disconnect. */
  isConnectingUser: z.boolean(),
  selectedMetaAdAccountId: z.string().nullable(),
  selectedMetaAdAccountName: z.string().nullable(),
  selectedMetaPageId: z.string().nullable(),
  selectedMetaPageName: z.string().nullable(),
  freezedMetaAdAccountId: z.string().nullable(),
  freezedMetaPageId: z.string().nullable(),
  otpState: OtpState,
  linkedWhatsappNumber: z.string().nullable(),
  whatsappNumber: z.string().nullable(),
  metaAdsDetails: z.object({
    minDailyBudgetLimit: z.number().int().nullable(),
    totalAssignedBudget: z.number().int().nullable(),
  }),
  metaAdsCredit: z.number().int(),
  currency: z.enum(['INR', 'USD']),
  connectionStage: ConnectionStage,
  /** Null when Connect Facebook may be used; else the spec's tooltip saying why not. */
  connectBlockedBy: z.string().nullable(),
  adsPausedForCredit: z.boolean(),
});
export type MetaAdsAssistantData = z.infer<typeof MetaAdsAssistantData>;
export const AssistantDataResponse = z.object({ assistantData: MetaAdsAssistantData });
export type AssistantDataResponse = z.infer<typeof AssistantDataResponse>;

/** GET /meta-ads/assistant/{assistantId} (ours): the tab's data and how its Facebook login opens. */
export const MetaAdTabResponse = AssistantDataResponse.extend({ facebookLogin: SignupFacebook });
export type MetaAdTabResponse = z.infer<typeof MetaAdTabResponse>;

const AssistantId = z.string().min(1).max(100);

/** POST /meta-ads/fb-connect: what Facebook's login answered (the JS SDK's response). */
export const FbConnectRequest = z.object({
  assistantId: AssistantId,
  status: z.string().max(50).nullish(),
  authResponse: z
    .object({
      accessToken: z.string().min(1).max(4000),
      userID: z.string().max(100).optional(),
      grantedScopes: z.string().max(2000).optional(),
    })
    .nullish(),
});
export type FbConnectRequest = z.infer<typeof FbConnectRequest>;

export const FbDisconnectRequest = z.object({ assistantId: AssistantId, fbUserId: z.string().max(100) });
export const AssistantRequest = z.object({ assistantId: AssistantId });
export type AssistantRequest = z.infer<typeof AssistantRequest>;
export const PagesResponse = z.object({ pages: z.array(MetaPage) });
export type PagesResponse = z.infer<typeof PagesResponse>;
export const AdAccountsResponse = z.object({ adAccounts: z.array(MetaAdAccount) });
export type AdAccountsResponse = z.infer<typeof AdAccountsResponse>;

export const SelectAdProfileRequest = z.object({
  assistantId: AssistantId,
  selectedMetaAdAccountId: z.string().max(100).nullish(),
  selectedMetaPageId: z.string().max(100).nullish(),
});
export type SelectAdProfileRequest = z.infer<typeof SelectAdProfileRequest>;

/** POST /meta-ads/freeze-asset: one asset, the page or the ad account. */
export const FreezeAssetRequest = z
  .object({
    assistantId: AssistantId,
    pageId: z.string().max(100).optional(),
    adAccountId: z.string().max(100).optional(),
  })
  .refine((b) => Boolean(b.pageId) !== Boolean(b.adAccountId), { message: 'Name the page or the ad account.' });
export type FreezeAssetRequest = z.infer<typeof FreezeAssetRequest>;
export const FrozenAssetsResponse = z.object({
  freezedMetaAdAccountId: z.string().nullable(),
  freezedMetaPageId: z.string().nullable(),
});
export type FrozenAssetsResponse = z.infer<typeof FrozenAssetsResponse>;

/** POST /meta-ads/unfreeze-assets: which of the two (the page goes with its ad account). */
export const UnfreezeAssetsRequest = z.object({
  assistantId: AssistantId,
  assets: z
    .array(z.enum(['adAccount', 'page']))
    .min(1)
    .max(2),
});
export type UnfreezeAssetsRequest = z.infer<typeof UnfreezeAssetsRequest>;

/** POST /meta-ads/update-whatsapp-number: without a code Meta sends one; with it, the number is linked. */
export const UpdateWhatsappNumberRequest = z.object({
  assistantId: AssistantId,
  pageId: z.string().max(100).nullish(),
  number: z.string().regex(/^\d{6,15}$/, 'Please enter a valid phone number'),
  verificationCode: z.string().max(10).nullish(),
});
export type UpdateWhatsappNumberRequest = z.infer<typeof UpdateWhatsappNumberRequest>;
export const UpdateWhatsappNumberResponse = z.object({
  otpState: OtpState,
  message: z.string(),
  /** 'reconnect': the Facebook state was cleared and the assistant's Facebook fields replaced (doc 3 section 4). */
  action: z.literal('reconnect').optional(),
  assistant: MetaAdsAssistantData.optional(),
});
export type UpdateWhatsappNumberResponse = z.infer<typeof UpdateWhatsappNumberResponse>;

/** POST /meta-ads/updateMetaAdDetails: one of the two budgets, in 1/100000 (greater than 0). */
export const UpdateMetaAdDetailsRequest = z
  .object({
    assistantId: AssistantId,
    minDailyBudgetLimit: z.number().int().positive().max(1e15).optional(),
    totalAssignedBudget: z.number().int().positive().max(1e15).optional(),
  })
  .refine((b) => (b.minDailyBudgetLimit === undefined) !== (b.totalAssignedBudget === undefined), {
    message: 'Set one budget at a time.',
  });
export type UpdateMetaAdDetailsRequest = z.infer<typeof UpdateMetaAdDetailsRequest>;
export const MetaAdDetailsResponse = z.object({ metaAdsDetails: MetaAdsAssistantData.shape.metaAdsDetails });

/** POST /meta-ads/assign-meta-page and /assign-ad-account. */
export const AssignAssetRequest = z.object({
  assistantId: AssistantId,
  id: z.string().min(1).max(100),
  clientId: z.string().max(100).nullish(),
});
export type AssignAssetRequest = z.infer<typeof AssignAssetRequest>;
export const AssignAssetResponse = z.object({ success: z.boolean(), data: z.union([MetaPage, MetaAdAccount]) });
