import { createFileRoute, type SearchSchemaInput, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { staffPackagesQueryOptions } from '../../../../features/staff-packages/api';
import {
  type StaffPackageChange,
  StaffPackageList,
} from '../../../../features/staff-packages/StaffPackageList';
import {
  parseStaffPackageSearch,
  STAFF_PACKAGE_DEFAULTS,
  type StaffPackageSearchInput,
  toStaffPackageUrl,
} from '../../../../features/staff-packages/search';

export const Route = createFileRoute('/_app/admin/packages/')({
  validateSearch: (search: StaffPackageSearchInput & SearchSchemaInput) => parseStaffPackageSearch(search),
  search: { middlewares: [stripSearchParams(STAFF_PACKAGE_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(staffPackagesQueryOptions(deps));
  },
  component: function StaffPackagesRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const onChange = useCallback<StaffPackageChange>(
      (patch, options) =>
        void navigate({
          search: (prev) => toStaffPackageUrl({ ...prev, ...patch }),
          replace: options?.replace ?? false,
        }),
      [navigate],
    );
    const onClear = useCallback(
      () =>
        void navigate({ search: (prev) => toStaffPackageUrl({ sort: prev.sort, pageSize: prev.pageSize }) }),
      [navigate],
    );
    return <StaffPackageList search={search} onChange={onChange} onClear={onClear} />;
  },
});
