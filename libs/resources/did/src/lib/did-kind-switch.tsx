import { NavLink } from 'react-router';
import { Space } from '@smsc/shared-ui';
import { useListCompanyDidsQuery } from './did.api';

const LOCAL = { page: 0, per_page: 1, is_toll_free: false };
const TOLL_FREE = { page: 0, per_page: 1, is_toll_free: true };

/**
 * Local and toll-free numbers side by side above a company's DID list, each with its count, so a
 * toll-free number (offered in From) is one visible click away from the page the DIDs menu opens.
 */
export function DidKindSwitch({ localPath, tollFreePath }: { localPath: string; tollFreePath: string }) {
  const local = useListCompanyDidsQuery(LOCAL);
  const tollFree = useListCompanyDidsQuery(TOLL_FREE);
  const count = (n?: number) => (n === undefined ? '' : ` (${n})`);
  const style = ({ isActive }: { isActive: boolean }) => ({ fontWeight: isActive ? 600 : 400 });
  return (
    <nav aria-label="Kinds of numbers" style={{ marginBottom: 12 }}>
      <Space size="large">
        <NavLink to={localPath} style={style} data-testid="did-kind-local">
          Local numbers{count(local.data?.total)}
        </NavLink>
        <NavLink to={tollFreePath} style={style} data-testid="did-kind-toll-free">
          Toll-free numbers{count(tollFree.data?.total)}
        </NavLink>
      </Space>
    </nav>
  );
}
