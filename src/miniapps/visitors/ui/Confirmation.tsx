import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { VisitorPassesRef } from '../../../../machines/visitors/visitorPasses.machine';
import { ScreenHeading } from './ScreenHeading';
import { useT, whenText } from './text';

/** After a submit: the invitation sent, or the visit updated (with a new pass mailed when its day, time or address moved). */
export function Confirmation({ actor }: { actor: VisitorPassesRef }) {
  const t = useT();
  const intl = useIntl();
  const confirmation = useSelector(actor, (s) => s.context.confirmation);
  const today = useSelector(actor, (s) => s.context.today);
  if (!confirmation) return null;
  const { kind, visit } = confirmation;
  const values = { name: visit.guest_name, when: whenText(intl, visit, today) };
  return (
    <div className="centre confirmation">
      <span className="check" aria-hidden="true" />
      <ScreenHeading>{t(kind === 'invited' ? 'visitors.done.invited.title' : 'visitors.done.updated.title')}</ScreenHeading>
      <p role="status">
        {t(
          kind === 'invited' ? 'visitors.done.invited.body' : kind === 'updatedNewPass' ? 'visitors.done.newPass.body' : 'visitors.done.updated.body',
          values,
        )}
      </p>
      <button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'user.done' })}>
        {t('visitors.form.back')}
      </button>
    </div>
  );
}
