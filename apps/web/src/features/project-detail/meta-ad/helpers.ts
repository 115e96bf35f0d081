import {
  connectionStages,
  projectTabs,
  toUnits,
  UpdateMetaAdDetailsRequest,
  type AssetTag,
  type ConnectionStage,
  type MetaAdsAssistantData,
  type UpdateWhatsappNumberResponse,
} from '@pc/contract';

const budgetField = UpdateMetaAdDetailsRequest.shape.minDailyBudgetLimit;

/**
 * A budget typed in rupees or dollars ("1500", "99.5") as the call sends it, in 1/100000 without
 * float drift (toUnits); null when it is not an amount the server takes (greater than 0).
 */
export const parseBudget = (text: string): number | null => {
  let units: number;
  try {
    units = toUnits(text);
  } catch {
    return null;
  }
  return units > 0 && budgetField.safeParse(units).success ? units : null;
};

/** A set-up stage in the words of the Meta Ads area's tabs (FB not connected … Connected). */
export const stageLabel = (stage: ConnectionStage): string => projectTabs[connectionStages.indexOf(stage) + 1]!;

export const stageColor: Record<ConnectionStage, 'success' | 'warning' | 'default'> = {
  FB_NOT_CONNECTED: 'default',
  PAGE_NOT_SELECTED: 'warning',
  WA_NUMBER_NOT_LINKED: 'warning',
  CONNECTED: 'success',
};

export const tagColor: Record<AssetTag, 'success' | 'warning' | 'default'> = {
  Assigned: 'success',
  Limited: 'warning',
  Personal: 'default',
};

/**
 * The tab's data after a WhatsApp number call: the assistant it answers with, when it does (the
 * link's progress, or, with the reconnect action, the Facebook state cleared).
 */
export const afterNumberCall = (data: MetaAdsAssistantData, out: UpdateWhatsappNumberResponse): MetaAdsAssistantData =>
  out.assistant ?? { ...data, otpState: out.otpState };
