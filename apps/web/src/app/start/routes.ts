/**
 * A piece of the app's start (main.tsx): the route table and what it renders before any page (the
 * guards, the error boundary), set up in a task of its own.
 */
export { AppRoutes } from '../router';
