// The super-admin's project pages, one lazy chunk (router.tsx): the list and a project's screen.
export { SuperadminProjectsPage } from './SuperadminProjectsPage';
export { SuperadminProjectPage } from './SuperadminProjectPage';
