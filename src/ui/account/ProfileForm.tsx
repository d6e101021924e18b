import type { FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import type { profileFormMachine } from '../../../machines/account/profileForm.machine';
import { profileError, profileFieldProblem } from '../../../machines/account/account.selectors';
import type { ProfileNameField } from '../../../machines/account/profileForm.types';
import { useBuildingSelector, useSessionSelector } from '../appContext';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { SelectField, TextField } from '../kit/Field';
import { Alert, Stack, Text } from '../kit/Layout';
import { SuccessDialog } from './SuccessDialog';
import { styled } from '../kit/stitches.config';
import { useMessage } from './accountHooks';

export type ProfileFormRef = ActorRefFrom<typeof profileFormMachine>;

const Fields = styled('fieldset', { border: 0, padding: 0, margin: 0, minWidth: 0 });

function useNameBinding(actor: ProfileFormRef, field: ProfileNameField) {
  const message = useMessage();
  const value = useSelector(actor, (s) => s.context.fields[field]);
  const problem = useSelector(actor, (s) => profileFieldProblem(s.context, field));
  return {
    value,
    onValueChange: (next: string) => actor.send({ type: 'user.change', field, value: next }),
    onBlur: () => actor.send({ type: 'user.blur', field }),
    error: message(problem),
  };
}

/**
 * The profile form: email and company read-only; first and last name; the default building (optional) from the
 * user's buildings. Save is enabled exactly when the form's machine accepts it.
 */
export function ProfileForm({ actor }: { actor: ProfileFormRef }) {
  const t = useT();
  const message = useMessage();
  const email = useSessionSelector((s) => s.context.user?.email ?? '');
  const company = useSessionSelector((s) => s.context.user?.company_name ?? '');
  const brandBuildings = useBuildingSelector((s) => s.context.buildings);
  // The person's own buildings (GET /users/current/buildings); the page's list until they arrive.
  const buildings = useSelector(actor, (s) => s.context.buildingOptions) ?? brandBuildings;
  const first = useNameBinding(actor, 'first_name');
  const last = useNameBinding(actor, 'last_name');
  const building = useSelector(actor, (s) => s.context.fields.default_building_uuid ?? '');
  const saving = useSelector(actor, (s) => s.hasTag('submitting'));
  const refreshing = useSelector(actor, (s) => s.hasTag('refreshing'));
  const canSave = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const canDiscard = useSelector(actor, (s) => s.can({ type: 'user.discard' }));
  const error = useSelector(actor, (s) => profileError(s.context));
  return (
    <form
      aria-label={t('account.profile.formLabel')}
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        actor.send({ type: 'user.submit' });
      }}
    >
      {error ? (
        <Alert role="alert" data-testid="profile-error">
          {message(error)}
        </Alert>
      ) : null}
      {canDiscard || refreshing ? (
        <Stack css={{ marginBottom: '$4' }}>
          {refreshing ? <Text role="status">{t('account.profile.refreshing')}</Text> : null}
          {canDiscard ? (
            <Button type="button" variant="link" onClick={() => actor.send({ type: 'user.discard' })}>
              {t('account.profile.useSaved')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      <Fields disabled={saving}>
        <TextField label={t('account.profile.email')} value={email} onValueChange={() => {}} readOnly autoComplete="email" />
        <TextField label={t('account.profile.company')} value={company} onValueChange={() => {}} readOnly autoComplete="organization" />
        <TextField label={t('auth.firstName')} autoComplete="given-name" {...first} />
        <TextField label={t('auth.lastName')} autoComplete="family-name" {...last} />
        <SelectField
          label={t('account.profile.defaultBuilding')}
          placeholder={t('account.profile.noDefaultBuilding')}
          value={building}
          options={buildings.map((b) => ({ value: b.uuid, label: b.name }))}
          onValueChange={(value) => actor.send({ type: 'user.change', field: 'default_building_uuid', value: value || null })}
        />
      </Fields>
      <Button type="submit" disabled={!canSave}>
        {saving ? t('account.saving') : t('account.profile.save')}
      </Button>
      <ProfileUpdatedDialog actor={actor} />
    </form>
  );
}

/** The "profile updated" dialog (section 4) after a save, until the person closes it (OK or Escape). */
function ProfileUpdatedDialog({ actor }: { actor: ProfileFormRef }) {
  const t = useT();
  const open = useSelector(actor, (s) => s.hasTag('dialog:profileUpdated'));
  if (!open) return null;
  const close = () => actor.send({ type: 'user.acknowledge' });
  return <SuccessDialog title={t('account.dialog.profileUpdated.title')} body={t('account.dialog.profileUpdated.body')} onClose={close} />;
}
