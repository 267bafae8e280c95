import { useMemo } from 'react';
import { useParams } from 'react-router';
import type { User, UserCreate, UserPatch } from '@smsc/shared-contract';
import { ListPage, type ResourceBundle, type RoleAccess } from '@smsc/shared-ui';

export interface CompanyUsersPageProps {
  /** the user bundle as the role sees it (definitionFor applied once, outside render) */
  bundle: ResourceBundle<User, UserCreate, UserPatch>;
  access?: RoleAccess;
  /** where a row's Edit goes, e.g. '/system-admin/users/edit/:id' */
  editPath?: string;
}

/** The users of the company named by `:id` (system admin: companies/company-accounts/{id}). */
export function CompanyUsersPage({ bundle, access, editPath }: CompanyUsersPageProps) {
  const companyUuid = useParams().id ?? '';
  // a new object only when the company changes: the list's query argument is keyed on it
  const listArg = useMemo(() => ({ company_uuid: companyUuid }), [companyUuid]);
  return <ListPage bundle={bundle} access={{ ...access, create: false }} editPath={editPath} listArg={listArg} />;
}
