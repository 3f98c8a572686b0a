import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuthSessionSchema,
  CompleteRegistrationBodySchema,
  EmailOnlyBodySchema,
  LinkSocialBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  MessageSchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  ResetPasswordBodySchema,
  ResetPasswordResponseSchema,
  SignInMethodsSchema,
  SocialProviderParamsSchema,
  SocialTokenBodySchema,
  UnlinkSocialBodySchema,
  UserSchema,
  ValidateTokenSchema,
  errorResponses,
} from '@app/contracts';
import { authService } from './service.ts';
import { socialService } from './social-service.ts';
import { toUser } from './session.ts';
import { ensureSuperuser } from './superuser.ts';
import { passwordStrength } from './password-strength.ts';

/** Per-IP limits on top of the login throttle; generous enough for a family behind one address. */
const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
const open = (max: number) => ({ public: true, ...limit(max) });
const tags = ['auth'];

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = authService(fastify);
  const social = socialService(fastify);

  app.addHook('onReady', async () => {
    const { ADMIN_EMAIL, ADMIN_PASSWORD } = fastify.config;
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) return;
    const result = await ensureSuperuser(fastify.db, ADMIN_EMAIL, ADMIN_PASSWORD);
    // Checked when the password is set, not at every start: the check loads the password dictionaries.
    if (result !== 'unchanged' && !(await passwordStrength(ADMIN_PASSWORD, [ADMIN_EMAIL])).ok) fastify.log.warn('ADMIN_PASSWORD is easy to guess; choose a stronger one');
    fastify.log.info({ email: ADMIN_EMAIL, result }, 'admin account ready');
  });

  app.post('/auth/register', {
    config: open(20),
    schema: { tags, security: [], body: RegisterBodySchema, response: { 201: RegisterResponseSchema, ...errorResponses } },
  }, async (req, reply) => reply.code(201).send(await auth.register(req.body)));

  app.post('/auth/complete-registration', {
    config: open(20),
    schema: { tags, security: [], body: CompleteRegistrationBodySchema, response: { 200: AuthSessionSchema, ...errorResponses } },
  }, async (req) => auth.completeRegistration(req.body.email, req.body.code));

  app.post('/auth/resend-code', {
    config: open(10),
    schema: { tags, security: [], body: EmailOnlyBodySchema, response: { 200: MessageSchema, ...errorResponses } },
  }, async (req) => auth.resendCode(req.body.email, req.ip));

  app.post('/auth/login', {
    config: open(30),
    schema: { tags, security: [], body: LoginBodySchema, response: { 200: LoginResponseSchema, ...errorResponses } },
  }, async (req) => auth.login(req.body.email, req.body.password, req.ip));

  app.post('/auth/request-password-reset', {
    config: open(10),
    schema: { tags, security: [], body: EmailOnlyBodySchema, response: { 200: MessageSchema, ...errorResponses } },
  }, async (req) => auth.requestPasswordReset(req.body.email, req.ip));

  app.post('/auth/reset-password', {
    config: open(20),
    schema: { tags, security: [], body: ResetPasswordBodySchema, response: { 200: ResetPasswordResponseSchema, ...errorResponses } },
  }, async (req) => auth.resetPassword(req.body.email, req.body.code, req.body.new_password));

  app.get('/auth/me', {
    config: limit(120),
    schema: { tags, response: { 200: UserSchema, ...errorResponses } },
  }, async (req) => toUser(req.user));

  app.get('/auth/validate-token', {
    config: limit(120),
    schema: { tags, response: { 200: ValidateTokenSchema, ...errorResponses } },
  }, async (req) => ({ valid: true as const, user: toUser(req.user) }));

  app.post('/auth/logout', {
    config: limit(30),
    schema: { tags, response: { 200: MessageSchema, ...errorResponses } },
  }, async (req) => auth.logout(req.user.id));

  app.post('/auth/terms/accept', {
    config: limit(30),
    schema: { tags, response: { 200: UserSchema, ...errorResponses } },
  }, async (req) => toUser(await auth.acceptTerms(req.user.id)));

  app.post('/auth/social/google/native', {
    config: open(30),
    schema: { tags, security: [], body: SocialTokenBodySchema, response: { 200: AuthSessionSchema, ...errorResponses } },
  }, async (req) => social.signIn('google', req.body.id_token));

  app.post('/auth/social/:provider', {
    config: open(30),
    schema: { tags, security: [], params: SocialProviderParamsSchema, body: SocialTokenBodySchema, response: { 200: AuthSessionSchema, ...errorResponses } },
  }, async (req) => social.signIn(req.params.provider, req.body.id_token));

  app.get('/auth/social', {
    config: limit(60),
    schema: { tags, response: { 200: SignInMethodsSchema, ...errorResponses } },
  }, async (req) => social.methods(req.user));

  app.post('/auth/link-social', {
    config: limit(20),
    schema: { tags, body: LinkSocialBodySchema, response: { 200: MessageSchema, ...errorResponses } },
  }, async (req) => social.link(req.user, req.body.provider, req.body.id_token));

  app.delete('/auth/social/unlink', {
    config: limit(20),
    schema: { tags, body: UnlinkSocialBodySchema, response: { 200: MessageSchema, ...errorResponses } },
  }, async (req) => social.unlink(req.user, req.body.provider));
}
