import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

/** Every error answer's body, whatever the status (the document's `ErrorBody`). */
export type ErrorBody = components['schemas']['ErrorBody'];

/** Where the console answers (its own domain: each partner's is white-labelled) and, for tests, the fetch to use. */
export type ConnectOptions = Pick<ClientOptions, 'baseUrl' | 'fetch'> & { baseUrl: string };

/** A client of the whole API: each call typed by its path and method, answering `{ data }` or `{ error }`. */
export type PartnerConsoleClient = Client<paths>;

const withAuthorization = (options: ConnectOptions, authorization: string): PartnerConsoleClient =>
  createClient<paths>({ ...options, headers: { authorization } });

/**
 * The project API (`/api/v1`) as a project's private app calls it: the app's id and password
 * (`pcak_...`, shown once by the console's Project Api tab) as HTTP Basic.
 */
export const projectApiClient = (options: ConnectOptions & { appId: string; password: string }) =>
  withAuthorization(options, `Basic ${btoa(`${options.appId}:${options.password}`)}`);

/** The console's own calls, as the member (or admin) whose session token it is (from `POST /auth/login`). */
export const consoleClient = (options: ConnectOptions & { token: string }) =>
  withAuthorization(options, `Bearer ${options.token}`);
