import {
  BusinessUserListResponse,
  BusinessUserResponse,
  ProfileResponse,
  type InviteUserRequest,
  type UpdateUserRequest,
} from '../contracts';
import { apiRequest } from './client';

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;

/** The users of the signed-in business (OWNER and ADMIN only). */
export const userApi = {
  list: () => data(apiRequest('user/users', { schema: BusinessUserListResponse })),
  invite: (body: InviteUserRequest) => data(apiRequest('user/invite', { method: 'POST', body, schema: BusinessUserResponse })),
  update: (id: string, body: UpdateUserRequest) =>
    data(apiRequest(`user/update-user/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: BusinessUserResponse })),
  deactivate: (id: string) =>
    data(apiRequest(`user/deactivate/${encodeURIComponent(id)}`, { method: 'POST', schema: BusinessUserResponse })),
  activate: (id: string) => data(apiRequest(`user/activate/${encodeURIComponent(id)}`, { method: 'POST', schema: BusinessUserResponse })),
};

/** Signing in to another business of the same mobile number: a new session there (the old one ends). */
export const businessApi = {
  switchTo: (businessId: string) =>
    data(apiRequest('auth/switch-business', { method: 'POST', body: { businessId }, schema: ProfileResponse })),
};
