import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditLogRequest, AuditLogResponse, PlatformAdminsResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { listAdmins, listAuditLog } from './list.js';

const tags = ['superadmin'];

/** The super-admin's audit log: every super-admin action, written with its change (record.ts). */
export const auditRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/superadmin/audit-log',
      {
        config: { access: 'superadmin' },
        schema: { tags, body: AuditLogRequest, response: { 200: AuditLogResponse } },
      },
      (request) => listAuditLog(deps, request.body),
    );

    app.get(
      '/superadmin/admins',
      { config: { access: 'superadmin' }, schema: { tags, response: { 200: PlatformAdminsResponse } } },
      () => listAdmins(deps),
    );
  };
