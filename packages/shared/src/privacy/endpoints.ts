import { del, get, post, put } from '../core/endpoint.ts';
import type { myConsentsSchema } from './consents.ts';
import type { accountDeletionSchema } from './contract.ts';
import type { deleteAccountInputSchema } from './inputs.ts';

/**
 * The signed-in person's rights over their data: what deleting the account asks for (`deletion`) and the deletion
 * itself (`deleteAccount`). The export is `GET /api/me/data-export`, a file the browser downloads.
 */
export const privacyEndpoints = {
  deletion: get<typeof accountDeletionSchema>('/api/me/account-deletion'),
  deleteAccount: post<undefined, typeof deleteAccountInputSchema>('/api/me/account-deletion'),
};

export const DATA_EXPORT_PATH = '/api/me/data-export';

/** The caller's consents (decision 0191): read them, withdraw the sharing consent and give it again. */
export const consentEndpoints = {
  mine: get<typeof myConsentsSchema>('/api/me/consents'),
  give: put<typeof myConsentsSchema>('/api/me/consents/{kind}'),
  withdraw: del<typeof myConsentsSchema>('/api/me/consents/{kind}'),
};
