import { Link } from 'react-router';
import { Space } from 'antd';
import { useResourcePath } from './resource-root';
import type { PageLink } from './types';

/** A row of links to a resource's other pages (relative to its root), shown above a screen. */
export function PageLinks({ links }: { links: readonly PageLink[] }) {
  const resolve = useResourcePath();
  return (
    <nav aria-label="Related pages" style={{ marginBottom: 12 }}>
      <Space wrap size="middle">
        {links.map((l) => (
          <Link key={l.to} to={resolve(l.to)}>
            {l.label}
          </Link>
        ))}
      </Space>
    </nav>
  );
}
