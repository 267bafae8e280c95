import type { Home, HomePatch } from '@smsc/shared-contract';
import { HOME_TAG, homeApi } from '@smsc/shared-session/api';

export { HOME_TAG };
// Names shared with the user and company resources, so their lists show a profile edit at once.
const USER_TAG = 'User';
const COMPANY_TAG = 'Company';

// GET /home (docs/spec.md §7) is the session's (it carries the account's time zone); the profile adds its edit
export const profileApi = homeApi.enhanceEndpoints({ addTagTypes: [USER_TAG, COMPANY_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    updateHome: build.mutation<Home, HomePatch>({
      query: (body) => ({ url: '/home', method: 'PATCH', body }),
      // A refused save changes nothing; refetching would remount the form and wipe its field errors.
      invalidatesTags: (home, error) =>
        error
          ? []
          : [
              HOME_TAG,
              { type: USER_TAG, id: 'LIST' },
              ...(home ? [{ type: USER_TAG, id: home.user.uuid } as const] : []),
              ...(home?.company
                ? [
                    { type: COMPANY_TAG, id: 'LIST' } as const,
                    { type: COMPANY_TAG, id: home.company.company_uuid } as const,
                  ]
                : []),
            ],
    }),
  }),
});

export const { useGetHomeQuery, useUpdateHomeMutation } = profileApi;
