/** The console's name where a partner has set no brand, and the browser tab's title (spec doc 1 section 2). */
export const DEFAULT_BRAND_NAME = 'Partner Console';
export const pageTitle = (name?: string | null): string => (name ? `${name} - Partner Dashboard` : 'Partner Dashboard');
