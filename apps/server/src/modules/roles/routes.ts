import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AllRolesResponse, CreateRoleRequest, EditRoleRequest, MessageBody } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { createRole, editRole, getAllRoles } from './roles.js';

const tags = ['roles'];

// Roles are the owner's: only OWNER sees the Roles page (spec doc 1 sections 2 and 6).
export const rolesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/get-all-roles',
      { config: { access: 'owner' }, schema: { tags, response: { 200: AllRolesResponse } } },
      (request) => getAllRoles(deps, agentOf(request).partnerId),
    );

    app.post(
      '/api/create-role',
      { config: { access: 'owner' }, schema: { tags, body: CreateRoleRequest, response: { 200: MessageBody } } },
      (request) => createRole(deps, agentOf(request), request.body.name, request.body.permissionsList),
    );

    app.post(
      '/api/edit-role',
      { config: { access: 'owner' }, schema: { tags, body: EditRoleRequest, response: { 200: MessageBody } } },
      (request) => editRole(deps, agentOf(request), request.body.roleName, request.body.permissionsList),
    );
  };
