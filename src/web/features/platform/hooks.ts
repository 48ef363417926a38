import { useQueryClient } from '@tanstack/react-query';
import type { CreatePlatformCompanyBody, UpdatePlatformCompanyBody } from '../../../contract/platform';
import { useChange } from '../../lib/use-change';
import { createCompany, inviteAdmin, platformKeys, updateCompany } from './api';

/** A new company: the console's lists refresh. */
export const useCreateCompany = () =>
  useChange({
    mutationFn: (body: CreatePlatformCompanyBody) => createCompany(body),
    changes: ['platform-company'],
  });

/** A company switched off or on, or re-hosted: its page shows the server's answer at once, the lists refresh. */
export function useUpdateCompany(id: string) {
  const client = useQueryClient();
  return useChange({
    mutationFn: (body: UpdatePlatformCompanyBody) => updateCompany(id, body),
    changes: ['platform-company'],
    audit: () => [['company', id]],
    onSuccess: (company) => client.setQueryData(platformKeys.one(id), company),
  });
}

/** The company's first admin, invited by e-mail (the server mails the link on the company's host). */
export const useInviteAdmin = (id: string) =>
  useChange({
    mutationFn: (email: string) => inviteAdmin(id, email),
    changes: ['platform-company'],
  });
