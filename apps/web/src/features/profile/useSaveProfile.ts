import { useQueryClient } from '@tanstack/react-query';
import { messages, type Partner } from '@pc/contract';
import { errorText } from '../../api/errors';
import { setToken } from '../../api/token';
import { brandKeys } from '../../brand/keys';
import { sessionKeys } from '../../session/keys';
import { useNotify } from '../../ui/useNotify';
import { changePassword, updateProfile } from './api';
import { profileChanges, type ProfileFormValues } from './profileForm';

/** Saves the brand URLs (owners) and the password, each only when given; true when all went through. */
export const useSaveProfile = (partner: Partner | null, canEditBrand: boolean) => {
  const queryClient = useQueryClient();
  const notify = useNotify();

  return async (values: ProfileFormValues): Promise<boolean> => {
    let ok = true;
    const changes = canEditBrand ? profileChanges(values, partner) : {};
    if (Object.keys(changes).length > 0) {
      try {
        await updateProfile(changes);
        notify.success(messages.profileUpdated);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: sessionKeys.partner() }),
          queryClient.invalidateQueries({ queryKey: brandKeys.all }),
        ]);
      } catch (error) {
        ok = false;
        notify.error(errorText(error, messages.somethingWentWrongTryagain));
      }
    }
    if (values.oldPassword || values.newPassword) {
      try {
        const { token } = await changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword });
        setToken(token);
        notify.success(messages.passwordChanged);
      } catch (error) {
        ok = false;
        notify.error(errorText(error, messages.somethingWentWrongTryagain));
      }
    }
    return ok;
  };
};
