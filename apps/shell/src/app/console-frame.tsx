import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, brandTitle, setConsoleBrand, theme, useConsoleBrand, type MenuEntry } from '@smsc/shared-ui/core';
import { callApi } from '@smsc/shared-api';
import type { Brand } from '@smsc/shared-contract';
import {
  Layout,
  Space,
  ThemeSwitch,
  Typography,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
} from '@smsc/shared-ui/frame';
import { signOut, useAppDispatch, useAppSelector, type RoleArea } from '@smsc/shared-session';
import { SideMenu } from './side-menu';

interface Props {
  area: RoleArea;
  title: string;
  menu: MenuEntry[];
  buildLabel?: string;
  /** the area's own header item (the balance of roles that pay) */
  headerExtra?: ComponentType;
  children: ReactNode;
}

const SIDER_ID = 'console-side-bar';
const CONTENT_ID = 'main-content';

/** The first focusable element of every page: past the side menu, straight to the screen. */
function SkipLink() {
  const [focused, setFocused] = useState(false);
  const { token } = theme.useToken();
  return (
    <a
      href={`#${CONTENT_ID}`}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(CONTENT_ID)?.focus();
      }}
      style={
        focused
          ? {
              position: 'fixed',
              top: 8,
              left: 8,
              zIndex: 2000,
              padding: '8px 16px',
              background: token.colorBgContainer,
            }
          : { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' }
      }
    >
      Skip to content
    </a>
  );
}

/** Side bar and header around every signed-in page; the header shows the innermost route's title. */
export function ConsoleFrame({ area, title, menu, buildLabel, headerExtra: HeaderExtra, children }: Props) {
  const email = useAppSelector((s) => s.session.email);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useState(false);
  const { token } = theme.useToken();
  // below the breakpoint the side bar opens over the page instead of beside it (a phone keeps its width)
  const [narrow, setNarrow] = useState(false);
  const { pathname } = useLocation();
  const brand = useConsoleBrand();
  const sessionToken = useAppSelector((s) => s.session.token);
  useEffect(() => {
    // the signed-in user's brand (a company's reseller's), which may differ from the host's (the operator's host)
    let live = true;
    void callApi<Brand>('/brand', { method: 'GET', token: sessionToken }).then((r) => {
      if (live && 'data' in r) setConsoleBrand(r.data);
    });
    return () => {
      live = false;
      setConsoleBrand(undefined);
    };
  }, [sessionToken]);
  useEffect(() => {
    document.title = brandTitle(title, brand);
  }, [title, brand]);
  useEffect(() => {
    // on a phone, a chosen page closes the menu that covers it
    if (narrow) setCollapsed(true);
  }, [pathname, narrow]);
  const overlay = narrow && !collapsed;
  const logout = async () => {
    await dispatch(signOut());
    navigate('/login', { replace: true });
  };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      {overlay ? (
        <div
          data-testid="menu-backdrop"
          aria-hidden
          onClick={() => setCollapsed(true)}
          style={{ position: 'fixed', inset: 0, background: 'rgba(0, 0, 0, 0.45)', zIndex: 999 }}
        />
      ) : null}
      <Layout.Sider
        id={SIDER_ID}
        width={240}
        collapsedWidth={0}
        collapsed={collapsed}
        onBreakpoint={(broken) => {
          setNarrow(broken);
          setCollapsed(broken);
        }}
        breakpoint="lg"
        trigger={null}
        theme="light"
        style={{
          borderRight: collapsed ? 'none' : `1px solid ${token.colorBorderSecondary}`,
          position: narrow ? 'fixed' : 'sticky',
          top: 0,
          left: 0,
          zIndex: narrow ? 1000 : undefined,
          height: '100vh',
          overflowY: 'auto',
        }}
      >
        {/* a hidden side bar keeps no focusable links behind it */}
        {collapsed ? null : (
          <>
            <div style={{ padding: '16px 20px', fontWeight: 600, display: 'flex', alignItems: 'center', gap: 8 }}>
              {brand.logo_url ? <img src={brand.logo_url} alt="" style={{ maxHeight: 28, maxWidth: 96 }} /> : null}
              {brand.name}
            </div>
            <SideMenu menu={menu} basePath={area.basePath} label={area.label} />
          </>
        )}
      </Layout.Sider>
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            paddingInline: 16,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={collapsed ? 'Show menu' : 'Hide menu'}
            aria-expanded={!collapsed}
            aria-controls={SIDER_ID}
            onClick={() => setCollapsed((c) => !c)}
          />
          <Typography.Title
            level={1}
            ellipsis
            style={{ fontSize: 20, margin: 0, flex: 1, minWidth: 0 }}
            data-testid="page-title"
          >
            {title}
          </Typography.Title>
          <Space>
            {buildLabel ? <span data-testid="build-label">{buildLabel}</span> : null}
            {HeaderExtra ? (
              <Suspense fallback={null}>
                <HeaderExtra />
              </Suspense>
            ) : null}
            {/* on a phone the title keeps the header's room: the address and the button's word go */}
            {narrow ? null : <span>{email}</span>}
            <ThemeSwitch compact={narrow} />
            <Button icon={<LogoutOutlined />} onClick={logout} aria-label={narrow ? 'Log out' : undefined}>
              {narrow ? null : 'Log out'}
            </Button>
          </Space>
        </Layout.Header>
        {/* antd's Content is the page's one <main> landmark; the skip link lands on it */}
        <Layout.Content
          id={CONTENT_ID}
          tabIndex={-1}
          style={{ padding: narrow ? 12 : 24, minWidth: 0, outline: 'none' }}
        >
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
