import { useEffect, useRef, useSyncExternalStore } from 'react';
import { api } from '@smsc/shared-api';
import type { Home } from '@smsc/shared-contract';
import {
  browserZone,
  currentZoneName,
  displayZone,
  isTimeZone as isTimeZoneName,
  setDisplayZone,
  subscribeDisplayZone,
} from '@smsc/shared-util';
import { useAppSelector } from './hooks';

export const HOME_TAG = 'Home';

/**
 * The signed-in user's own record and company (GET /home). Defined here, not in the profile screens,
 * because the frame reads the account's time zone from it before any screen of the area loads; the
 * profile injects its edit into the same api (one cache, one request).
 */
export const homeApi = api.enhanceEndpoints({ addTagTypes: [HOME_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getHome: build.query<Home, void>({
      query: () => '/home',
      providesTags: [HOME_TAG],
    }),
    /** a system admin's or reseller's own zone (the profile edits it too, through its own PATCH /home) */
    saveOwnZone: build.mutation<Home, string>({
      query: (time_zone) => ({ url: '/home', method: 'PATCH', body: { time_zone } }),
      invalidatesTags: (_home, error) => (error ? [] : [HOME_TAG]),
    }),
  }),
});

/** The zone the console shows times in, re-rendering the caller when it changes. */
export const useDisplayZone = (): string => useSyncExternalStore(subscribeDisplayZone, displayZone, displayZone);

/** The zone an account's times are in: its company's for company admins and users, else its own (null: none yet). */
export const zoneOfHome = (home: Home | undefined): string | null =>
  home ? (home.company ? (home.company.time_zone ?? null) : (home.user.time_zone ?? null)) : null;

/**
 * Sets the console's display zone from the signed-in account: its company's time zone for company admins and
 * users; for accounts without a company (system admins, resellers) their own, chosen in Profile. One of those
 * signing in for the first time has none yet: the browser's is saved as theirs (what the console showed them
 * before zones were theirs to choose, and what their reports then follow too), and shown meanwhile.
 * `ready` turns true once the account's zone is in force (or its record could not be read), so the frame mounts
 * the screens once, already in that zone: remounting them when the answer came lost what had been typed.
 */
export function useAccountZone(): { zone: string; ready: boolean } {
  const signedIn = useAppSelector((s) => s.session.status === 'success');
  const { data, isSuccess, isError } = homeApi.useGetHomeQuery(undefined, { skip: !signedIn });
  const [saveOwnZone] = homeApi.useSaveOwnZoneMutation();
  const wanted = zoneOfHome(data);
  const unchosen = !!data && !data.company && !data.user.time_zone;
  const saved = useRef(false);
  useEffect(() => {
    if (!unchosen || saved.current) return;
    saved.current = true;
    // a failed save leaves the zone unchosen: the browser's is shown, the server counts in UTC and says so
    void saveOwnZone(currentZoneName(browserZone()));
  }, [unchosen, saveOwnZone]);
  useEffect(() => {
    setDisplayZone(wanted);
  }, [wanted]);
  // signing out forgets the zone, so the next account starts from the browser's
  useEffect(() => () => setDisplayZone(null), []);
  const zone = useDisplayZone();
  // in force: the zone shown is the one asked for (an unknown name falls back to the browser's, which is in force
  // at once), checked after the effect above has run
  const applied = isSuccess && (wanted === null || zone === wanted || !isTimeZoneName(wanted));
  return { zone, ready: !signedIn || isError || applied };
}
