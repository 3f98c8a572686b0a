import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ALLERGIES,
  AuthSessionSchema,
  ChangePasswordBodySchema,
  DIET_TYPES,
  DeleteProfileBodySchema,
  MessageSchema,
  OptionListSchema,
  PurchaseUuidSchema,
  SetPasswordBodySchema,
  UpdateProfileBodySchema,
  UserSchema,
  UserSettingsSchema,
  UserSettingsUpdateSchema,
  UsernameAvailabilitySchema,
  UsernameParamsSchema,
  errorResponses,
} from '@app/contracts';
import { toUser } from '../auth/session.ts';
import { settingsService } from './service.ts';

const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/**
 * When the request's token was issued (its `iat`, seconds), i.e. when its holder signed in. The auth hook has
 * already verified this very header's token (signature, expiry, claims, token version), so reading it is safe;
 * writes take the token from the header only (never `_auth`). Null when there is none to read.
 */
function tokenIssuedAt(req: FastifyRequest): number | null {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!m) return null;
  try {
    const { iat } = decodeJwt(m[1]!);
    return typeof iat === 'number' ? iat : null;
  } catch {
    return null;
  }
}

/**
 * User settings, profile and account. POST /user-settings is an upsert: 201 when it created the row,
 * 200 when it updated an existing one; PUT updates the given fields (creating the row if needed).
 */
export default async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const settings = settingsService(fastify);
  const tags = ['settings'];

  app.get('/user-settings', { schema: { tags, response: { 200: UserSettingsSchema, ...errorResponses } } }, async (req) => settings.get(req.user.id));

  app.post('/user-settings', {
    schema: { tags, body: UserSettingsUpdateSchema, response: { 200: UserSettingsSchema, 201: UserSettingsSchema, ...errorResponses } },
  }, async (req, reply) => {
    const { settings: saved, created } = await settings.save(req.user.id, req.body);
    return reply.code(created ? 201 : 200).send(saved);
  });

  app.put('/user-settings', {
    schema: { tags, body: UserSettingsUpdateSchema, response: { 200: UserSettingsSchema, ...errorResponses } },
  }, async (req) => (await settings.save(req.user.id, req.body)).settings);

  app.get('/diet-types', { config: { public: true }, schema: { tags, security: [], response: { 200: OptionListSchema } } }, async () => DIET_TYPES.map((d) => ({ ...d })));
  app.get('/allergies', { config: { public: true }, schema: { tags, security: [], response: { 200: OptionListSchema } } }, async () => ALLERGIES.map((a) => ({ ...a })));

  // Public so the sign-up form can check a name before the account exists.
  app.get('/settings/check-username/:username', {
    config: { public: true, ...limit(60) },
    schema: { tags, security: [], params: UsernameParamsSchema, response: { 200: UsernameAvailabilitySchema, ...errorResponses } },
  }, async (req) => settings.usernameAvailable(req.params.username));

  app.post('/settings/password', {
    config: limit(10),
    schema: { tags, body: ChangePasswordBodySchema, response: { 200: AuthSessionSchema, ...errorResponses } },
  }, async (req) => settings.changePassword(req.user, req.body.current_password, req.body.new_password, req.ip));

  app.post('/settings/set-password', {
    config: limit(10),
    schema: { tags, body: SetPasswordBodySchema, response: { 200: MessageSchema, ...errorResponses } },
  }, async (req) => settings.setFirstPassword(req.user, req.body.new_password, { code: req.body.code, issuedAt: tokenIssuedAt(req) }, req.ip));

  // The proof a first password needs when the sign-in is older than SET_PASSWORD_RECENT_SIGN_IN_S.
  app.post('/settings/set-password/code', {
    config: limit(10),
    schema: { tags, response: { 200: MessageSchema, ...errorResponses } },
  }, async (req) => settings.mailSetPasswordCode(req.user));

  app.put('/profile', {
    config: limit(30),
    schema: { tags, body: UpdateProfileBodySchema, response: { 200: UserSchema, ...errorResponses } },
  }, async (req) => toUser(await settings.updateProfile(req.user, req.body)));

  app.delete('/profile', {
    config: limit(10),
    schema: { tags, body: DeleteProfileBodySchema, response: { 200: MessageSchema, ...errorResponses } },
  }, async (req) => settings.deleteAccount(req.user, req.body, req.ip));

  app.get('/profile/purchase-uuid', {
    schema: { tags, response: { 200: PurchaseUuidSchema, ...errorResponses } },
  }, async (req) => ({ purchase_uuid: req.user.purchase_uuid }));
}
