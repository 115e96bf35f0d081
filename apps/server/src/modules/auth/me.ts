import { noAccess, type Me } from '@pc/contract';
import type { Viewer } from '../../platform/auth/viewer.js';

export const me = (viewer: Viewer): Me =>
  viewer.kind === 'superadmin'
    ? { kind: 'superadmin', id: viewer.adminId, agentId: null, agent: null, accessLevel: noAccess, name: viewer.name }
    : {
        kind: 'agent',
        id: viewer.agentId,
        agentId: viewer.agentId,
        name: viewer.name,
        accessLevel: viewer.accessLevel,
        agent: {
          _id: viewer.agentId,
          name: viewer.name,
          email: viewer.email,
          loginUsername: viewer.loginUsername,
          agentRole: viewer.agentRole,
          isReferral: viewer.isReferral,
          partnerId: viewer.partnerId,
        },
      };
