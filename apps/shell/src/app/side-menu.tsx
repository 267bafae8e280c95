import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { MenuEntry } from '@smsc/shared-ui/core';
import { Menu, groupKey, matchMenu, menuHref, type MenuProps } from '@smsc/shared-ui/frame';

type Items = NonNullable<MenuProps['items']>;

function toItems(entries: MenuEntry[], basePath: string): Items {
  return entries.map((entry) => {
    const href = menuHref(basePath, entry.path);
    if (entry.children?.length) {
      return { key: groupKey(href), label: entry.label, children: toItems(entry.children, basePath) };
    }
    // a real link: Tab and Enter work, and the address can be opened in a new tab
    return { key: href, label: <Link to={href}>{entry.label}</Link> };
  });
}

/** A role's side-bar menu; the selected entry and its open group follow the address. */
export function SideMenu({ menu, basePath, label }: { menu: MenuEntry[]; basePath: string; label: string }) {
  const { pathname } = useLocation();
  const items = useMemo(() => toItems(menu, basePath), [menu, basePath]);
  const match = matchMenu(menu, basePath, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(match?.parents ?? []);
  const parents = match?.parents.join('|') ?? '';
  useEffect(() => {
    // arriving at a page inside a closed group opens it, so the selected entry is visible
    if (parents) setOpenKeys((open) => [...new Set([...open, ...parents.split('|')])]);
  }, [parents]);
  return (
    <nav aria-label={`${label} menu`}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={match ? [match.key] : []}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
