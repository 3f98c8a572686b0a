import { z } from 'zod';

/** Trimmed and lower-cased before it is checked: a phone keyboard's trailing space is not a wrong address (login reads it the same way). */
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid e-mail address' }).max(254))
  // Not `format: email`: the server also takes the address with spaces around it, which a validator of that format
  // refuses. The pattern says what is taken; the server's own check is stricter (an invalid address is a 422).
  .meta({ description: 'An e-mail address; spaces around it are ignored and it is read in lower case', pattern: '^\\s*[^\\s@]+@[^\\s@]+\\s*$', 'x-format': 'email' });
/** OWASP ASVS 5 §6.2: length only; strength (zxcvbn score ≥ 3) is checked by the server. */
export const PasswordSchema = z.string().min(10, 'Password must be at least 10 characters').max(128, 'Password must be at most 128 characters');
export const UsernameSchema = z
  .string()
  .min(3, 'Username must be 3–30 characters')
  .max(30, 'Username must be 3–30 characters')
  .regex(/^[A-Za-z0-9_.]+$/, 'Username may use letters, digits, _ and . only');
export const CodeSchema = z.string().regex(/^[0-9]{6}$/, 'The code is 6 digits');

export const UserSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    username: z.string().nullable(),
    email_validated: z.boolean(),
    is_superuser: z.boolean(),
    is_pro: z.boolean(),
    is_plus: z.boolean(),
    is_premium: z.boolean(),
    terms_accepted_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

export const AuthSessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user: UserSchema,
});
export type AuthSession = z.infer<typeof AuthSessionSchema>;

export const VerificationRequiredSchema = z.object({
  type: z.literal('verification_required'),
  email: z.string(),
  message: z.string(),
});
export const UnverifiedUserSchema = z.object({
  type: z.literal('unverified_user'),
  email: z.string(),
  message: z.string().optional(),
});
export type UnverifiedUser = z.infer<typeof UnverifiedUserSchema>;

export const RegisterBodySchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  username: UsernameSchema.optional(),
  registration_code: z.string().max(64).optional(),
});
export const CompleteRegistrationBodySchema = z.object({ email: EmailSchema, code: CodeSchema });
export const EmailOnlyBodySchema = z.object({ email: EmailSchema });
/** `email` also accepts a username. */
export const LoginBodySchema = z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(128) });
export const ResetPasswordBodySchema = z.object({ email: EmailSchema, code: CodeSchema, new_password: PasswordSchema });
export const ValidateTokenSchema = z.object({ valid: z.literal(true), user: UserSchema });
export const SocialProviderSchema = z.enum(['google', 'apple']);
export const SocialTokenBodySchema = z.object({ id_token: z.string().min(10).max(8192) });
export const LinkSocialBodySchema = z.object({ provider: SocialProviderSchema, id_token: z.string().min(10).max(8192) });
export const UnlinkSocialBodySchema = z.object({ provider: SocialProviderSchema });

/** Claims of our access tokens (spec §3 Auth session). `ver` revokes tokens on password change. */
export const AccessTokenClaimsSchema = z.object({
  sub: z.string(),
  exp: z.number(),
  iat: z.number(),
  type: z.literal('access'),
  is_superuser: z.boolean(),
  ver: z.number().int(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaimsSchema>;

export const RegisterResponseSchema = VerificationRequiredSchema;
/** Login answers a session, or `unverified_user` (no token) until the e-mail is verified. */
export const LoginResponseSchema = z.union([AuthSessionSchema, UnverifiedUserSchema]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;
export const ResetPasswordResponseSchema = LoginResponseSchema;
export const SocialProviderParamsSchema = z.object({ provider: SocialProviderSchema });
export type SocialProvider = z.infer<typeof SocialProviderSchema>;
/** A sign-in method linked to the account; `has_password` tells whether unlinking the last one is allowed. */
export const SocialIdentitySchema = z.object({ provider: SocialProviderSchema, email: z.string().nullable(), created_at: z.string() });
export const SignInMethodsSchema = z.object({ has_password: z.boolean(), identities: z.array(SocialIdentitySchema) });
export type SignInMethods = z.infer<typeof SignInMethodsSchema>;
