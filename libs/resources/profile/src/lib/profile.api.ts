import { api } from '@smsc/shared-api';
import type { Home, HomePatch } from '@smsc/shared-contract';

export const HOME_TAG = 'Home';
// Names shared with the user and company resources, so their lists show a profile edit at once.
const USER_TAG = 'User';
const COMPANY_TAG = 'Company';

export const profileApi = api.enhanceEndpoints({ addTagTypes: [HOME_TAG, USER_TAG, COMPANY_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** the signed-in user's own record and company (docs/spec.md §7 GET /home) */
    getHome: build.query<Home, void>({
      query: () => '/home',
      providesTags: [HOME_TAG],
    }),
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
