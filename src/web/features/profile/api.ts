import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  changePasswordBodySchema,
  changePasswordReplySchema,
  updateProfileBodySchema,
} from '../../../contract/profile';
import { profileCalls } from '../../../contract/profile.calls';
import { pushCalls } from '../../../contract/push.calls';
import { api } from '../../lib/api';
import { queryRoots } from '../../lib/query-keys';
import { getRefreshToken } from '../../lib/session/session';

export const profileKeys = { all: ['profile'] as const };

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.all,
    queryFn: () => api.call(profileCalls.get),
    // Always checked again when the screen opens: the copy saved on this device may predate a change made from
    // another device, or a save just before a reload (the device copy is written at most once a second).
    staleTime: 0,
  });

export const updateProfile = (body: z.output<typeof updateProfileBodySchema>) =>
  api.call(profileCalls.update, { body });

export type ChangePasswordReply = z.infer<typeof changePasswordReplySchema>;

/**
 * The server signs out every other session and keeps this device's: it is named by its refresh token. The reply
 * carries no new tokens, so the ones already stored stay in use.
 */
export function changePassword(
  body: Omit<z.output<typeof changePasswordBodySchema>, 'refreshToken'>,
): Promise<ChangePasswordReply> {
  const refreshToken = getRefreshToken();
  return api.call(profileCalls.changePassword, {
    body: { ...body, ...(refreshToken ? { refreshToken } : {}) },
  });
}

/** The devices this user turned push on for (lib/push subscribes; each can be removed here). */
export const pushDevicesQueryOptions = () =>
  queryOptions({
    queryKey: [queryRoots.pushSubscriptions],
    queryFn: () => api.call(pushCalls.list),
  });

export const removePushDevice = (id: string) => api.call(pushCalls.remove, { params: { id } });
