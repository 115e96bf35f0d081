import type { Partner, ProjectDetail } from '@pc/contract';

/** What each exported component gets from the project detail page. */
export type ActionProps = { project: ProjectDetail; partner: Partner | null; canWrite: boolean };
