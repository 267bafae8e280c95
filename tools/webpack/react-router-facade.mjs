// What is shared as 'react-router': its client-side API (declarative and data routers) from the
// package's production build. Shared modules are not tree-shaken, and the package's export map hands
// webpack its development build with framework, server and RSC mode (~60 KB gz on /login). Every app
// imports plain 'react-router'; only the names the workspace uses are listed, since every listed name
// ships whether used or not. A name used but missing here fails the build (FacadeCheck in
// shared-facades.ts), so add it below when you need it.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  UNSAFE_DataRouterContext,
  createBrowserRouter,
  createMemoryRouter,
  matchPath,
  matchRoutes,
  useBlocker,
  useInRouterContext,
  useLocation,
  useNavigate,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router-production';
