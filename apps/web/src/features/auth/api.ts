import type { AuthSession, LoginResponse } from '@app/contracts/auth';
import type { Message } from '@app/contracts/common';
import { api } from '../../lib/api';

/** POST /auth/* calls of spec §7. None of them is cached. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    register: build.mutation<{ type: 'verification_required'; email: string; message: string }, { email: string; password: string; username?: string }>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    completeRegistration: build.mutation<AuthSession, { email: string; code: string }>({
      query: (body) => ({ url: '/auth/complete-registration', method: 'POST', body }),
    }),
    resendCode: build.mutation<Message, { email: string }>({
      query: (body) => ({ url: '/auth/resend-code', method: 'POST', body }),
    }),
    requestPasswordReset: build.mutation<Message, { email: string }>({
      query: (body) => ({ url: '/auth/request-password-reset', method: 'POST', body }),
    }),
    resetPassword: build.mutation<LoginResponse, { email: string; code: string; new_password: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useCompleteRegistrationMutation, useResendCodeMutation, useRequestPasswordResetMutation, useResetPasswordMutation } =
  authApi;
