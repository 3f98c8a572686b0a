import { z } from 'zod';
import { TierSchema } from './entitlements.ts';

export const SUBSCRIPTION_PLATFORMS = ['apple', 'stripe', 'admin'] as const;
export const SubscriptionPlatformSchema = z.enum(SUBSCRIPTION_PLATFORMS);
/**
 * pending: made by the app before the purchase is verified (grants nothing); active: verified and not
 * past expires_at; expired, cancelled (deactivated by the user or an admin), refunded, revoked: ended.
 */
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'expired', 'cancelled', 'refunded', 'revoked'] as const;
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);

export const SubscriptionSchema = z
  .object({
    id: z.number().int(),
    tier: TierSchema,
    platform: SubscriptionPlatformSchema,
    status: SubscriptionStatusSchema,
    product_id: z.string().nullable(),
    /** Apple's original transaction id or Stripe's subscription id; one subscription per purchase. */
    original_transaction_id: z.string().nullable(),
    environment: z.string().nullable(),
    auto_renew: z.boolean(),
    starts_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    ended_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** Spec §3 Subscription status. */
export const SubscriptionStatusResponseSchema = z
  .object({
    is_plus: z.boolean(),
    is_pro: z.boolean(),
    is_premium: z.boolean(),
    tier: TierSchema.nullable(),
    active_subscription: SubscriptionSchema.nullable(),
  })
  .meta({ id: 'SubscriptionStatus' });
export type SubscriptionStatusResponse = z.infer<typeof SubscriptionStatusResponseSchema>;

const ProductIdSchema = z.string().trim().min(1).max(200);

/** The app announces a purchase it is about to make; it grants nothing until verified. */
export const CreateSubscriptionBodySchema = z
  .object({
    platform: z.literal('apple').default('apple'),
    product_id: ProductIdSchema,
  });
export type CreateSubscriptionBody = z.infer<typeof CreateSubscriptionBodySchema>;

/** Only a pending subscription's product can change; a verified one changes through its store. */
export const UpdateSubscriptionBodySchema = z.object({ product_id: ProductIdSchema });

/** A StoreKit 2 signed transaction (JWS compact serialization). */
export const ReceiptBodySchema = z.object({
  receipt_data: z
    .string()
    .max(20_000, 'receipt_data is too long')
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'receipt_data must be a StoreKit 2 signed transaction (JWS)'),
});

export const ValidateReceiptResponseSchema = z.object({
  valid: z.literal(true),
  subscription: SubscriptionSchema,
  status: SubscriptionStatusResponseSchema,
});
export type ValidateReceiptResponse = z.infer<typeof ValidateReceiptResponseSchema>;

/** App Store Server Notifications V2 body. */
export const AppleNotificationBodySchema = z.object({ signedPayload: z.string().min(1).max(100_000) });

/** `price_id` picks one of the tier's configured Stripe prices (e.g. monthly or yearly); without it, the first. */
export const CheckoutBodySchema = z.object({ tier: TierSchema, price_id: z.string().trim().min(1).max(200).optional() });
export const CheckoutResponseSchema = z.object({ url: z.string(), session_id: z.string() });

/** A Stripe price as Stripe states it: the amount in the currency's minor units (cents; yen for JPY). */
export const StripePriceSchema = z.object({
  price_id: z.string(),
  /** Minor units, as Stripe's unit_amount. */
  amount: z.number().int(),
  /** ISO 4217, lower case as Stripe writes it. */
  currency: z.string(),
  interval: z.enum(['day', 'week', 'month', 'year']),
  interval_count: z.number().int().positive(),
});
export type StripePrice = z.infer<typeof StripePriceSchema>;

/** Apple cancels only in the App Store's own settings; the API and the app link there. */
export const APP_STORE_SUBSCRIPTIONS_URL = 'https://apps.apple.com/account/subscriptions';

/**
 * What the subscription page can sell, and through which stores. Stripe prices are read from Stripe
 * (cached); App Store prices are shown by the App Store itself, so only the product ids are listed.
 */
export const SubscriptionPlansSchema = z.object({
  apple_enabled: z.boolean(),
  stripe_enabled: z.boolean(),
  /** Set when Stripe could not be asked for the prices just now (the plans still list what can be bought). */
  stripe_prices_error: z.string().nullable(),
  /** Stripe's customer portal login link, when the server configures one. */
  stripe_portal_url: z.string().nullable(),
  plans: z.array(
    z.object({
      tier: TierSchema,
      apple_product_ids: z.array(z.string()),
      stripe_available: z.boolean(),
      stripe_prices: z.array(StripePriceSchema),
    }),
  ),
});
export type SubscriptionPlans = z.infer<typeof SubscriptionPlansSchema>;
