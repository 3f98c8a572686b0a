import type { Subscription, SubscriptionPlans, SubscriptionStatusResponse, Tier, ValidateReceiptResponse } from '@app/contracts';
import { api } from '../../lib/api';
import { userUpdated } from '../../lib/session';

/** Spec §7 Subscriptions. Fetching the status refreshes the user (its tier flags) too. */
export const subscriptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscriptionStatus: build.query<SubscriptionStatusResponse, void>({
      query: () => '/subscriptions/active',
      providesTags: ['Subscription'],
      // Spec §6: fetching the status updates the tier flags in client state.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userUpdated({ is_plus: data.is_plus, is_pro: data.is_pro, is_premium: data.is_premium }));
      },
    }),
    subscriptions: build.query<Subscription[], void>({ query: () => '/subscriptions', providesTags: ['Subscription'] }),
    subscriptionPlans: build.query<SubscriptionPlans, void>({ query: () => '/subscriptions/plans' }),
    checkout: build.mutation<{ url: string; session_id: string }, { tier: Tier; price_id?: string }>({ query: (body) => ({ url: '/subscriptions/checkout', method: 'POST', body }) }),
    /** One StoreKit 2 signed transaction (restore purchases); the server verifies it with Apple's chain. */
    validateReceipt: build.mutation<ValidateReceiptResponse, string>({
      query: (receipt_data) => ({ url: '/subscriptions/validate-receipt', method: 'POST', body: { receipt_data } }),
      invalidatesTags: ['Subscription', 'User'],
    }),
    deactivateSubscription: build.mutation<Subscription, number>({
      query: (id) => ({ url: `/subscriptions/${id}/deactivate`, method: 'POST' }),
      invalidatesTags: ['Subscription', 'User'],
    }),
  }),
});

export const { useSubscriptionStatusQuery, useSubscriptionsQuery, useSubscriptionPlansQuery, useCheckoutMutation, useDeactivateSubscriptionMutation, useValidateReceiptMutation } = subscriptionsApi;
