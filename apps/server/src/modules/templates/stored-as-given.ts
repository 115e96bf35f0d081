import {
  formatWithButtons,
  isPhoneButton,
  joinPhone,
  TemplateActionType,
  TemplateType,
  type StoredTemplate,
  type TemplateInput,
} from '@pc/contract';

/** Meta's template as the dialog would hold it when it breaks one of the console's rules (made elsewhere). */
export const storedAsGiven = (input: TemplateInput): StoredTemplate => {
  const actionType = TemplateActionType.safeParse(input.message_action_type).data ?? 'None';
  const callToAction = input.call_to_action.map((b) => ({
    type: b.type,
    buttonTitle: b.buttonTitle,
    buttonValue: isPhoneButton(b) ? joinPhone(b.extension, b.buttonValue) : b.buttonValue,
  }));
  const quickReplies = input.quick_replies;
  return {
    name: input.name,
    label: '',
    category: input.category,
    type: TemplateType.safeParse(input.type).data ?? '',
    language: input.language,
    body: input.text,
    format: formatWithButtons({ text: input.text, actionType, callToAction, quickReplies }),
    sampleMessage: input.sample_text,
    headerText: input.headerText ?? '',
    footerText: input.footerText ?? '',
    actionType,
    callToAction,
    quickReplies,
    isClickTrackingEnabled: false,
    sampleMediaUrl: input.sampleMediaUrl ?? '',
    sampleCtaUrl: input.sampleCTAUrl ?? '',
    templateParams: input.templateParams ?? [],
    authentication: null,
  };
};
