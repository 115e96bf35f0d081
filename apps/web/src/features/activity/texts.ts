/** Ours: the spec has no activity log; these are the partner's words for it. */
export const ACTIVITY_PAGE_SIZE = 25;

export const activityTexts = {
  title: 'Activity Log',
  intro: 'Every change your team makes, who made it, when and from which address.',
  empty: 'No changes recorded yet.',
  emptyFiltered: 'No changes match these filters.',
  download: 'Download CSV',
  downloadFailed: 'Unable to download the activity log.',
  fileName: 'activity-log.csv',
  filters: {
    action: 'Action',
    member: 'Member',
    any: 'Any',
    from: 'From',
    to: 'To',
    clear: 'Clear filters',
  },
  columns: {
    at: 'When',
    member: 'Member',
    action: 'Action',
    target: 'What',
    changes: 'Changes',
    address: 'Address',
  },
} as const;
