/**
 * Copies text to the clipboard. The Clipboard API exists only in a secure context (https or
 * localhost); a console served over plain http on another host falls back to a selected textarea.
 */
export const copyText = async (text: string): Promise<void> => {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    // Deprecated, but the only way without the Clipboard API.
    if (!document.execCommand('copy')) throw new Error('Copy refused');
  } finally {
    area.remove();
  }
};
