// What is shared as 'react-router': its client-side API (declarative and data routers) from the
// package's production build. Shared modules are not tree-shaken, and the package's export map hands
// webpack its development build with framework, server and RSC mode (~60 KB gz on /login). Every app
// imports plain 'react-router'; a name used in the workspace but missing here fails the build
// (ReactRouterFacadeCheck in federation.ts), so add it below when you need it.
export {
  Await, BrowserRouter, Form, HashRouter, IDLE_BLOCKER, IDLE_FETCHER, IDLE_NAVIGATION, Link, MemoryRouter,
  NavLink, Navigate, NavigationType, Outlet, Route, Router, RouterProvider, Routes, ScrollRestoration,
  UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, UNSAFE_LocationContext, UNSAFE_NavigationContext,
  UNSAFE_RouteContext, createBrowserRouter, createHashRouter, createMemoryRouter, createPath,
  createRoutesFromChildren, createRoutesFromElements, createSearchParams, data, generatePath,
  isRouteErrorResponse, matchPath, matchRoutes, parsePath, redirect, renderMatches, resolvePath,
  unstable_usePrompt, useActionData, useAsyncError, useAsyncValue, useBeforeUnload, useBlocker, useFetcher,
  useFetchers, useFormAction, useHref, useInRouterContext, useLinkClickHandler, useLoaderData, useLocation,
  useMatch, useMatches, useNavigate, useNavigation, useNavigationType, useOutlet, useOutletContext, useParams,
  useResolvedPath, useRevalidator, useRouteError, useRouteLoaderData, useRoutes, useSearchParams, useSubmit,
  useViewTransitionState,
} from 'react-router-production';
