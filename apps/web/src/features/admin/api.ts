import type { ActivityItem, AdminMetrics, AdminUser, AdminUserDetail, AdminUserList, AdminUserUpdate, RegistrationCode, WorkerStatus } from '@app/contracts/admin';
import { api } from '../../lib/api';

export interface ActivityFilters {
  skip: number;
  limit: number;
  user_id?: number;
  action_type?: string;
  start_date?: string;
  end_date?: string;
}
const qs = (o: object) =>
  new URLSearchParams(Object.entries(o).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();

/** Spec §7 Admin. */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminMetrics: build.query<AdminMetrics, void>({ query: () => '/admin/metrics', providesTags: ['AdminUser', 'AdminWorkers'] }),
    adminUsers: build.query<AdminUserList, { skip: number; limit: number; search: string }>({
      query: (q) => `/admin/users?${qs(q)}`,
      providesTags: [{ type: 'AdminUser', id: 'LIST' }],
    }),
    adminUser: build.query<AdminUserDetail, number>({ query: (id) => `/admin/users/${id}`, providesTags: (_r, _e, id) => [{ type: 'AdminUser', id }] }),
    updateAdminUser: build.mutation<AdminUserDetail, { id: number; body: AdminUserUpdate }>({
      query: ({ id, body }) => ({ url: `/admin/users/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'AdminUser', id }, { type: 'AdminUser', id: 'LIST' }, 'AdminActivity'],
    }),
    deleteAdminUser: build.mutation<void, number>({
      query: (id) => ({ url: `/admin/users/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'AdminUser', id: 'LIST' }, 'AdminActivity'],
    }),
    resetUserPassword: build.mutation<{ message: string }, number>({ query: (id) => ({ url: `/admin/users/${id}/reset-password`, method: 'POST' }), invalidatesTags: ['AdminActivity'] }),
    adminActivity: build.query<{ items: ActivityItem[]; total: number }, ActivityFilters>({ query: (f) => `/admin/activity?${qs(f)}`, providesTags: ['AdminActivity'] }),
    registrationCodes: build.query<RegistrationCode[], void>({ query: () => '/admin/registration-codes', providesTags: ['AdminCode'] }),
    createRegistrationCode: build.mutation<RegistrationCode, { code?: string; max_uses: number; expires_at?: string }>({
      query: (body) => ({ url: '/admin/registration-code', method: 'POST', body }),
      invalidatesTags: ['AdminCode', 'AdminActivity'],
    }),
    workerStatus: build.query<WorkerStatus, void>({ query: () => '/admin/worker-status', providesTags: ['AdminWorkers'] }),
    resetTask: build.mutation<{ id: number; status: string; message: string }, { id: number; action: 'requeue' | 'fail' }>({
      query: ({ id, action }) => ({ url: `/admin/reset-task/${id}`, method: 'POST', body: { action } }),
      invalidatesTags: ['AdminWorkers', 'AdminActivity'],
    }),
  }),
});

export type { AdminUser };
export const {
  useAdminMetricsQuery,
  useAdminUsersQuery,
  useAdminUserQuery,
  useUpdateAdminUserMutation,
  useDeleteAdminUserMutation,
  useResetUserPasswordMutation,
  useAdminActivityQuery,
  useRegistrationCodesQuery,
  useCreateRegistrationCodeMutation,
  useWorkerStatusQuery,
  useResetTaskMutation,
} = adminApi;
