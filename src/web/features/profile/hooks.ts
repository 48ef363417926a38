import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Profile, updateProfileBodySchema } from '../../../contract/profile';
import { unsubscribeIfThisDevice } from '../../lib/push/subscribe';
import { refreshPushState } from '../../lib/push/use-push';
import { useChange } from '../../lib/use-change';
import {
  type ChangePasswordReply,
  changePassword,
  profileKeys,
  removePushDevice,
  updateProfile,
} from './api';

type ProfileBody = z.output<typeof updateProfileBodySchema>;

/** The screen shows the saved profile at once; the header and user menu (the `me` query) refresh. */
export function useSaveProfile(save: (body: ProfileBody) => Promise<Profile> = updateProfile) {
  const client = useQueryClient();
  return useChange({
    mutationFn: (body: ProfileBody) => save(body),
    changes: ['profile'],
    onSuccess: (saved) => client.setQueryData(profileKeys.all, saved),
  });
}

/** Nothing shown changes: the other sessions end, this device's stays. */
export const useChangePassword = (
  submit: (body: {
    current_password: string;
    new_password: string;
  }) => Promise<ChangePasswordReply> = changePassword,
) => useChange({ mutationFn: submit, changes: [] });

/** A device no longer pushed to; when it is this one, the browser's subscription ends too. */
export const useRemovePushDevice = () =>
  useChange({
    mutationFn: async (id: string) => {
      await removePushDevice(id);
      // This device: the button to turn it on again comes back.
      if (await unsubscribeIfThisDevice(id)) await refreshPushState();
    },
    changes: ['push-subscription'],
  });
