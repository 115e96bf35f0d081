import { and, eq } from 'drizzle-orm';
import { noAccess } from '@pc/contract';
import { agents, roles } from '../../../src/platform/db/schema.js';
import { call, demoPasswords } from '../../harness.js';
import { activityCase, send, type ActivityCases, type Sweep } from './case.js';

/** A member of Acme made for the case (the demo's are other tests' and cases'), with the Viewer role. */
const newMember = async (s: Sweep, userName: string) => {
  const res = await send(s, 'POST', '/api/create-partner-agent', {
    name: `Sweep ${userName}`,
    email: `${userName}@acme.example`,
    loginUsername: userName,
    loginPassword: 'Member@123',
    dialCode: '91',
    phoneNumber: '9876543210',
    agentRole: 'Viewer',
  });
  if (res.status !== 200) throw new Error(`member not made: ${res.status} ${JSON.stringify(res.body)}`);
  const [row] = await s.t.database.db.select({ id: agents.id }).from(agents).where(eq(agents.loginUsername, userName));
  return row!.id;
};

/** Acme's role for these cases, made once: the partner has room for only a few. */
const SWEEP_ROLE = 'Sweep Auditors';
const sweepRole = async (s: Sweep) => {
  const { partnerId } = await s.idsOf('owner');
  const [found] = await s.t.database.db
    .select({ name: roles.name })
    .from(roles)
    .where(and(eq(roles.partnerId, partnerId), eq(roles.name, SWEEP_ROLE)));
  if (found) return;
  const res = await send(s, 'POST', '/api/create-role', {
    name: SWEEP_ROLE,
    permissionsList: { ...noAccess, activity: { read: true } },
  });
  if (res.status !== 200) throw new Error(`role not made: ${res.status} ${JSON.stringify(res.body)}`);
};

const owner = demoPasswords.owner!;

/** The team (members, roles), the signed-in member's own password and the partner's profile. */
export const cases: ActivityCases = {
  'POST /api/fetch-partner-agents': { exempt: 'a read sent as POST: lists the members, changes nothing' },
  // The bell: each member's own read marks and mail choices, no change to the partner's data.
  'POST /api/notifications/:id/read': { exempt: "the member's own read mark on a notification" },
  'POST /api/notifications/read-all': { exempt: "the member's own read mark on every notification" },
  'PUT /api/notifications/preferences': { exempt: "the member's own choice of kinds mailed to them" },
  'POST /api/create-partner-agent': activityCase({
    action: 'member.create',
    run: (s) =>
      send(s, 'POST', '/api/create-partner-agent', {
        name: 'Sweep Newcomer',
        email: 'sweep-newcomer@acme.example',
        loginUsername: 'sweep-newcomer',
        loginPassword: 'Member@123',
        dialCode: '91',
        phoneNumber: '9876543210',
        agentRole: 'Viewer',
      }),
  }),
  'POST /api/modify-partner-agent': activityCase({
    action: 'member.update',
    setup: (s) => newMember(s, 'sweep-promoted'),
    run: (s, agentId: string) => send(s, 'POST', '/api/modify-partner-agent', { agentId, role: 'Manager' }),
  }),
  'POST /api/disable-partner-agent': activityCase({
    action: 'member.disable',
    setup: (s) => newMember(s, 'sweep-leaver'),
    run: (s, agentId: string) => send(s, 'POST', '/api/disable-partner-agent', { agentId }),
  }),

  'POST /api/create-role': activityCase({
    action: 'role.create',
    run: (s) =>
      send(s, 'POST', '/api/create-role', {
        name: SWEEP_ROLE,
        permissionsList: { ...noAccess, activity: { read: true } },
      }),
  }),
  'POST /api/edit-role': activityCase({
    action: 'role.update',
    setup: sweepRole,
    run: (s) =>
      send(s, 'POST', '/api/edit-role', {
        roleName: SWEEP_ROLE,
        permissionsList: { ...noAccess, activity: { read: true }, billings: { read: true } },
      }),
  }),

  // The owner changes their password to another and back: each call ends their sessions, so the
  // setup's change gives the token the case's own call is made with (the sweep signs in again after).
  'POST /auth/password-reset': activityCase({
    action: 'member.password',
    setup: async (s) => {
      const res = await call<{ token: string }>(s.t.app, 'POST', '/auth/password-reset', {
        token: await s.token('owner'),
        body: { oldPassword: owner, newPassword: 'Sweep@Pass123' },
      });
      if (res.status !== 200) throw new Error(`password not changed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token;
    },
    run: (s, token: string) =>
      call(s.t.app, 'POST', '/auth/password-reset', {
        token,
        body: { oldPassword: 'Sweep@Pass123', newPassword: owner },
      }),
  }),
  'POST /auth/sign-out': { exempt: 'ends the caller’s own session: no setting of the partner changes' },

  'POST /api/get-profile': { exempt: 'a read sent as POST: the partner’s profile, changes nothing' },
  'PATCH /api/profile-update': activityCase({
    action: 'partner.profile',
    run: (s) =>
      send(s, 'PATCH', '/api/profile-update', {
        faviconUrl: 'https://cdn.acme.example/sweep-favicon.ico',
        ssoSecretKey: 'SweepSecret0123456789abcdef012345',
      }),
  }),
};
