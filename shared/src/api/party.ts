import {
  BulkImportResponse,
  PartyCategoryListResponse,
  PartyCategoryResponse,
  PartyListResponse,
  PartyLocationsResponse,
  PartyResponse,
  type CreatePartyCategoryRequest,
  type CreatePartyRequest,
  type PartyListQuery,
  type UpdatePartyRequest,
} from '../contracts';
import { apiRequest } from './client';
import { fileFormData } from './forms';

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;

/** The endpoint paths of the party import, for the shared BulkImport component. */
export const PARTY_IMPORT = {
  endpoint: 'party/bulk-create',
  templateEndpoint: 'party/bulk-create/template',
} as const;

/** One typed function per party call. */
export const partyApi = {
  create: (body: CreatePartyRequest) => data(apiRequest('party/create', { method: 'POST', body, schema: PartyResponse })),
  /** Every party without page/pageSize; with them one page and `meta`. */
  list: (query: PartyListQuery = {}) =>
    apiRequest('party/parties', { query: query as Record<string, string | number | undefined>, schema: PartyListResponse }),
  get: (id: string) => data(apiRequest(`party/get-party/${encodeURIComponent(id)}`, { schema: PartyResponse })),
  update: (id: string, body: UpdatePartyRequest) =>
    data(apiRequest(`party/update-party/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: PartyResponse })),
  createCategory: (body: CreatePartyCategoryRequest) =>
    data(apiRequest('party/create-category', { method: 'POST', body, schema: PartyCategoryResponse })),
  categories: () => data(apiRequest('party/get-catagories', { schema: PartyCategoryListResponse })),
  locations: () => data(apiRequest('party/locations', { schema: PartyLocationsResponse })),
  /** A 400 rejects with ApiError{status: 400, file: the error report, message: BULK_ERROR_MESSAGE}. */
  bulkCreate: (file: Blob, fileName: string, onUploadProgress?: (fraction: number) => void) =>
    apiRequest(PARTY_IMPORT.endpoint, { method: 'POST', body: fileFormData(file, fileName), onUploadProgress, schema: BulkImportResponse }),
};
