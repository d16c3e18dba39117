import {
  CodeRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  ProfileUpdateSchema,
  SuccessSchema,
  UserResponseSchema,
} from '@core/contracts/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assertSameOriginHeader,
  clearSessionCookie,
  getViewer,
  setSessionCookie,
  signedIn,
} from '../../http/auth';
import type { Clock } from '../../lib/clock';
import type { IdentityService } from './identity.service';

/** The user calls of SPEC §7 plus POST /api/user/logout. */
export const identityRoutes: FastifyPluginAsyncZod<{ identity: IdentityService; clock: Clock }> = async (
  app,
  { identity, clock },
) => {
  // Nothing here may be cached by a browser or a proxy: answers carry tokens and personal data.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  app.post(
    '/user/code',
    { schema: { tags: ['user'], body: CodeRequestSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await identity.requestCode(request.body, { ip: request.ip });
      return { success: true as const };
    },
  );

  app.post(
    '/user/login',
    { schema: { tags: ['user'], body: LoginRequestSchema, response: { 200: LoginResponseSchema } } },
    async (request, reply) => {
      const session = await identity.login(request.body, { ip: request.ip });
      setSessionCookie(request, reply, session.token, session.expiresAt, clock.now());
      return {
        success: true as const,
        token: session.token,
        user: { ...session.user, token: session.token },
      };
    },
  );

  app.get(
    '/user/me',
    { config: { auth: 'user' }, schema: { tags: ['user'], response: { 200: UserResponseSchema } } },
    async (request) => {
      const { user } = signedIn(request);
      return { success: true as const, user };
    },
  );

  app.put(
    '/user/me/update',
    {
      config: { auth: 'user' },
      schema: { tags: ['user'], body: ProfileUpdateSchema, response: { 200: UserResponseSchema } },
    },
    async (request) => {
      const { user } = signedIn(request);
      return {
        success: true as const,
        user: await identity.updateProfile(user._id, request.body, { ip: request.ip }),
      };
    },
  );

  // Logout reads no body, so no body can keep a session alive (issue 21): an empty chunked JSON body,
  // whitespace or a form is not parsed, let alone refused. Node drops what it is sent (server/http/error-handler.ts
  // closes the connection instead when that is large).
  await app.register(async (logout) => {
    logout.removeAllContentTypeParsers();
    logout.addContentTypeParser('*', (_request, _payload, done) => done(null));
    logout.post(
      '/user/logout',
      { schema: { tags: ['user'], response: { 200: SuccessSchema } } },
      async (request, reply) => {
        const viewer = await getViewer(request);
        if (viewer) {
          if (viewer.via === 'cookie') assertSameOriginHeader(request);
          await identity.logout(viewer.token);
        }
        clearSessionCookie(request, reply);
        return { success: true as const };
      },
    );
  });
};
