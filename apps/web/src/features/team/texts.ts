/** Team labels the spec describes without exact words; ours. */
export const teamTexts = {
  title: 'Team Management',
  quota: 'Members',
  search: 'Search members',
  addMember: 'Add Member',
  createTitle: 'Create Member',
  create: 'Create',
  owner: 'Owner',
  role: 'Role',
  username: 'Username',
  name: 'Name',
  password: 'Password',
  email: 'Email',
  country: 'Country',
  dialCode: 'Dial Code',
  phone: 'Phone Number',
  noMembers: 'No members found',
  deleteTitle: 'Delete Member',
  deleteText: (name: string) =>
    `Are you sure you want to delete member ${name}? They will no longer be able to sign in.`,
  delete: 'Delete',
  deleteMember: (name: string) => `Delete member ${name}`,
} as const;
