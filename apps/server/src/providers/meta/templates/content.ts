import type { CallToAction, TemplateComponent } from '@pc/contract';

/**
 * What a template says, read from Meta's components: the parts the sandbox's checks and reviewer
 * look at, in the console's shape (the one `readsAsMarketing` takes).
 */
export type TemplateContent = {
  headerFormat: string | null;
  headerText: string;
  text: string;
  footerText: string;
  quickReplies: string[];
  callToAction: CallToAction[];
};

const partOf = (components: readonly TemplateComponent[], type: TemplateComponent['type']) =>
  components.find((c) => c.type === type);

export const contentOf = (components: readonly TemplateComponent[]): TemplateContent => {
  const header = partOf(components, 'HEADER');
  const buttons = partOf(components, 'BUTTONS')?.buttons ?? [];
  return {
    headerFormat: header ? (header.format ?? 'TEXT') : null,
    headerText: header && (header.format ?? 'TEXT') === 'TEXT' ? (header.text ?? '') : '',
    text: partOf(components, 'BODY')?.text ?? '',
    footerText: partOf(components, 'FOOTER')?.text ?? '',
    quickReplies: buttons.filter((b) => b.type === 'QUICK_REPLY').map((b) => b.text ?? ''),
    callToAction: buttons.flatMap((b): CallToAction[] =>
      b.type === 'URL'
        ? [{ type: 'URL', buttonTitle: b.text ?? '', buttonValue: b.url ?? '' }]
        : b.type === 'PHONE_NUMBER'
          ? [{ type: 'Phone Number', buttonTitle: b.text ?? '', buttonValue: b.phone_number ?? '' }]
          : [],
    ),
  };
};

/** Every piece of text a reviewer reads, button links included, as one string. */
export const everythingSaid = (c: TemplateContent): string =>
  [
    c.headerText,
    c.text,
    c.footerText,
    ...c.quickReplies,
    ...c.callToAction.flatMap((b) => [b.buttonTitle, b.buttonValue]),
  ].join('\n');
