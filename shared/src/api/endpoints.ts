import { z } from 'zod';
import {
  BranchListResponse,
  BranchResponse,
  DocumentSettingsResponse,
  LockBooksResponse,
  type LockBooksRequest,
  type UpdateDocumentSettingsRequest,
  MessageResponse,
  OtpSentResponse,
  ProfileResponse,
  ShellRemotesResponse,
  type CreateBranchRequest,
  type LoginRequest,
  type ResendOtpRequest,
  type SignupRequest,
  type UpdateBranchRequest,
  type VerifyOtpRequest,
} from '../contracts';
import { apiRequest } from './client';

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;

/** One typed function per endpoint. */
export const authApi = {
  signup: (body: SignupRequest) => apiRequest('auth/signup', { method: 'POST', body, schema: OtpSentResponse }),
  verifySignup: (body: VerifyOtpRequest) =>
    data(apiRequest('auth/verify-signup', { method: 'POST', body, schema: ProfileResponse })),
  login: (body: LoginRequest) => apiRequest('auth/login', { method: 'POST', body, schema: OtpSentResponse }),
  verifyLogin: (body: VerifyOtpRequest) =>
    data(apiRequest('auth/verify-login', { method: 'POST', body, schema: ProfileResponse })),
  resendOtp: (body: ResendOtpRequest) => apiRequest('auth/resend-otp', { method: 'POST', body, schema: OtpSentResponse }),
  profile: () => data(apiRequest('auth/profile', { schema: ProfileResponse })),
  logout: () => apiRequest('auth/logout', { method: 'POST', schema: MessageResponse }),
};

export const branchApi = {
  list: (query: { q?: string } = {}) => data(apiRequest('store-branch/branches', { query, schema: BranchListResponse })),
  get: (id: string) => data(apiRequest(`store-branch/branch/${encodeURIComponent(id)}`, { schema: BranchResponse })),
  create: (body: CreateBranchRequest) =>
    data(apiRequest('store-branch/create-branch', { method: 'POST', body, schema: BranchResponse })),
  update: (id: string, body: UpdateBranchRequest) =>
    data(apiRequest(`store-branch/update-branch/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: BranchResponse })),
  setActive: (branchId: string) =>
    data(apiRequest('store-branch/set-active', { method: 'POST', body: { branchId }, schema: BranchResponse })),
  /** GET store-branch/document-settings: how many days ahead the business's documents may be dated. */
  documentSettings: () => data(apiRequest('store-branch/document-settings', { schema: DocumentSettingsResponse })),
  updateDocumentSettings: (body: UpdateDocumentSettingsRequest) =>
    data(apiRequest('store-branch/document-settings', { method: 'PUT', body, schema: DocumentSettingsResponse })),
};

/** The business's settings that hold its books. */
export const settingsApi = {
  /** GET settings/lock-books: the date the books are closed up to (null: open). */
  lockBooks: () => data(apiRequest('settings/lock-books', { schema: LockBooksResponse })),
  /** PUT settings/lock-books: owner and accountant only (403 otherwise). */
  updateLockBooks: (body: LockBooksRequest) => data(apiRequest('settings/lock-books', { method: 'PUT', body, schema: LockBooksResponse })),
};

export const shellApi = {
  remotes: () => data(apiRequest('shell/remotes', { schema: ShellRemotesResponse })),
};

export const healthApi = {
  health: () => apiRequest('health', { schema: z.object({ status: z.literal('ok') }) }),
};
