export { apiKeyApi, useListApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } from './lib/api-key.api';
export { ApiKeysPage, ApiKeysLink } from './lib/api-keys-page';
