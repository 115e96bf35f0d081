/** Role labels the spec describes without exact words; ours. */
export const roleTexts = {
  title: 'Team Roles',
  quota: 'Roles',
  create: 'Create Role',
  steps: ['Role Name', 'Member Roles'] as const,
  nameLabel: 'Role Name',
  createTitle: 'Create Role',
  viewTitle: (name: string) => `Role: ${name}`,
  editTitle: (name: string) => `Edit Role: ${name}`,
  permission: 'Permission',
  view: 'View',
  edit: 'Edit',
  columns: { name: 'Name', createdAt: 'Created At', actions: 'Actions' },
} as const;

export { sectionLabels } from '@pc/contract';
