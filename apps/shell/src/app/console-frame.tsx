import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, type MenuEntry } from '@smsc/shared-ui/core';
import { Layout, Space, Typography, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@smsc/shared-ui/frame';
import { signOut, useAppDispatch, useAppSelector, type RoleArea } from '@smsc/shared-session';
import { SideMenu } from './side-menu';

interface Props {
  area: RoleArea;
  title: string;
  menu: MenuEntry[];
  buildLabel?: string;
  children: ReactNode;
}

const SIDER_ID = 'console-side-bar';

/** Side bar and header around every signed-in page; the header shows the innermost route's title. */
export function ConsoleFrame({ area, title, menu, buildLabel, children }: Props) {
  const email = useAppSelector((s) => s.session.email);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => {
    document.title = `${title} · SMSC Console`;
  }, [title]);
  const logout = async () => {
    await dispatch(signOut());
    navigate('/login', { replace: true });
  };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        id={SIDER_ID}
        width={240}
        collapsedWidth={0}
        collapsed={collapsed}
        onBreakpoint={setCollapsed}
        breakpoint="lg"
        trigger={null}
        theme="light"
        style={{ borderRight: collapsed ? 'none' : '1px solid #f0f0f0', position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }}
      >
        {/* a hidden side bar keeps no focusable links behind it */}
        {collapsed ? null : (
          <>
            <div style={{ padding: '16px 20px', fontWeight: 600 }}>SMSC Console</div>
            <SideMenu menu={menu} basePath={area.basePath} label={area.label} />
          </>
        )}
      </Layout.Sider>
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header style={{ background: '#fff', display: 'flex', alignItems: 'center', gap: 12, paddingInline: 16, borderBottom: '1px solid #f0f0f0' }}>
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={collapsed ? 'Show menu' : 'Hide menu'}
            aria-expanded={!collapsed}
            aria-controls={SIDER_ID}
            onClick={() => setCollapsed((c) => !c)}
          />
          <Typography.Title level={1} ellipsis style={{ fontSize: 20, margin: 0, flex: 1, minWidth: 0 }} data-testid="page-title">{title}</Typography.Title>
          <Space>
            {buildLabel ? <span data-testid="build-label">{buildLabel}</span> : null}
            <span>{email}</span>
            <Button icon={<LogoutOutlined />} onClick={logout}>Log out</Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <main>{children}</main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
