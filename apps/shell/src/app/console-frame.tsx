import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Layout, Menu, Space, Typography, LogoutOutlined, type MenuEntry } from '@smsc/shared-ui';
import { signOut, useAppDispatch, useAppSelector, type RoleArea } from '@smsc/shared-session';

interface Props {
  area: RoleArea;
  title: string;
  menu: MenuEntry[];
  buildLabel?: string;
  children: ReactNode;
}

/** Side bar and header around every signed-in page; the header shows the innermost route's title. */
export function ConsoleFrame({ area, title, menu, buildLabel, children }: Props) {
  const email = useAppSelector((s) => s.session.email);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `${title} · SMSC Console`;
  }, [title]);
  const items = menu.map((m) => {
    const to = m.path ? `${area.basePath}/${m.path}` : area.basePath;
    return { key: to, label: <Link to={to}>{m.label}</Link> };
  });
  const selected = items.filter((i) => pathname === i.key || pathname.startsWith(`${i.key}/`)).map((i) => i.key).slice(-1);
  const logout = async () => {
    await dispatch(signOut());
    navigate('/login', { replace: true });
  };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} breakpoint="lg" collapsedWidth={64} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
        <div style={{ padding: '16px 20px', fontWeight: 600 }}>SMSC Console</div>
        <nav aria-label={`${area.label} menu`}>
          <Menu mode="inline" items={items} selectedKeys={selected} />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', display: 'flex', alignItems: 'center', justifyContent: 'space-between', paddingInline: 24, borderBottom: '1px solid #f0f0f0' }}>
          <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }} data-testid="page-title">{title}</Typography.Title>
          <Space>
            {buildLabel ? <span data-testid="build-label">{buildLabel}</span> : null}
            <span>{email}</span>
            <Button icon={<LogoutOutlined />} onClick={logout}>Log out</Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <main>{children}</main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
