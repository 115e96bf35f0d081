/** Ours: doc 2 section 2.5 has the form read its configuration, but no screen to edit it. */
export const applicationFormConfigTexts = {
  title: 'Application form',
  navLabel: 'App Form',
  intro:
    "What the application form shows: each of its four steps' title, subtitle, help links and field labels, and the sample media sent with a submitted form. Edit the JSON, then Save.",
  editorLabel: 'Configuration (JSON)',
  notJson: (reason: string) => `Not valid JSON: ${reason}`,
  refusedAt: (where: string, message: string) => `Refused at ${where}: ${message}`,
  unsaved: 'Unsaved changes',
  reset: 'Reset to default',
  save: 'Save',
  saved: 'Application form configuration saved',
  saveFailed: 'Application form configuration update failed',
  loadFailed: 'Cannot fetch the application form configuration',
} as const;
