import { dependencies } from '../../package.json';
import { FACADES } from './shared-facades';

type SharedConfig = {
  singleton: true;
  import?: string;
  requiredVersion: string | false;
  version?: string;
  eager?: boolean;
};

const fromPackage = (name: keyof typeof dependencies): SharedConfig => ({
  singleton: true,
  requiredVersion: dependencies[name],
});

/** A package shared through its facade (shared-facades.ts): only the names the workspace uses. */
const throughFacade = (name: keyof typeof dependencies): SharedConfig => {
  const facade = FACADES.find((f) => f.request === name);
  if (!facade) throw new Error(`no facade for ${name}`);
  return { ...fromPackage(name), import: facade.shareImport, version: facade.version };
};

// Workspace libs that hold state (store, api cache, session) or the antd facade must exist once
// in the page; they have no package.json of their own, so their version is pinned here.
const workspaceLib: SharedConfig = { singleton: true, requiredVersion: false, version: '0.1.0' };

/**
 * One list of shared singletons for the shell and every remote.
 * antd is deliberately absent: shared modules are not tree-shaken, so sharing antd whole ships all
 * of it. The `@smsc/shared-ui` facade re-exports only what the product uses and is shared instead.
 */
export function sharedModules(): Record<string, SharedConfig> {
  return {
    react: fromPackage('react'),
    'react/jsx-runtime': fromPackage('react'),
    'react-dom': fromPackage('react-dom'),
    'react-dom/client': fromPackage('react-dom'),
    // only the client-side API the workspace uses, from the production build (react-router-facade.mjs)
    'react-router': throughFacade('react-router'),
    'react-redux': fromPackage('react-redux'),
    // what the workspace and RTK Query import (redux-toolkit-facade.mjs)
    '@reduxjs/toolkit': throughFacade('@reduxjs/toolkit'),
    '@reduxjs/toolkit/query/react': fromPackage('@reduxjs/toolkit'),
    dayjs: fromPackage('dayjs'),
    // Four entries of one facade: the light one for /login, the frame (menu, header, role home,
    // lazy area loading) after sign-in, compose (a form screen's pickers: the SMS center landing),
    // the full one (data kit) on the first visit to an area. The shell's build provides all four
    // (compose and the full one are fetched only when asked for), and with equal versions under
    // 'loaded-first' the first registration, the host's, is the one every remote gets: antd's
    // modules (ConfigProvider context, style cache) run once, in the shell's runtime.
    '@smsc/shared-ui/core': workspaceLib,
    '@smsc/shared-ui/frame': workspaceLib,
    '@smsc/shared-ui/compose': workspaceLib,
    '@smsc/shared-ui': workspaceLib,
    // the light entries (no RTK Query) for /login; the full ones arrive with a signed-in area
    '@smsc/shared-api/core': workspaceLib,
    '@smsc/shared-api': workspaceLib,
    '@smsc/shared-session': workspaceLib,
    '@smsc/shared-session/api': workspaceLib,
    '@smsc/shared-util': workspaceLib,
  };
}
