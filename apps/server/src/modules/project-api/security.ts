import { PROJECT_API_SECURITY } from '@pc/contract';

/** The OpenAPI document's Basic scheme of the project API, for app.ts's @fastify/swagger components. */
export const PROJECT_API_SECURITY_SCHEMES = {
  [PROJECT_API_SECURITY]: {
    type: 'http',
    scheme: 'basic',
    description:
      "The project's private app (Project Api tab): its id as the user name and its password (pcak_...) as the password.",
  },
} as const;
