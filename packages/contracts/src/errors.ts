import { z } from 'zod';

/** Every non-2xx answer of the API has this body (ARCHITECTURE.md, spec §8). */
export const ErrorBodySchema = z
  .object({
    detail: z.object({
      msg: z.string(),
      type: z.string(),
      errors: z.any(),
    }),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** One field error of a 422 validation_error answer. */
export const FieldErrorSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** Error types the API uses in `detail.type`. */
export const ErrorTypes = {
  validation: 'validation_error',
  badRequest: 'bad_request',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  /** 403: the account's e-mail address is not verified yet (spec §6: such a user is held at /verify-email). */
  emailNotVerified: 'email_not_verified',
  notFound: 'not_found',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  rateLimited: 'rate_limited',
  unavailable: 'service_unavailable',
  server: 'server_error',
} as const;

/** Shorthand for route response maps: every error status answers the error body. */
export const errorResponses = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  422: ErrorBodySchema,
  429: ErrorBodySchema,
  503: ErrorBodySchema,
} as const;
