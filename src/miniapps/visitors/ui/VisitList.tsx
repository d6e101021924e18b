import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { VisitorPassesRef } from '../../../../machines/visitors/visitorPasses.machine';
import type { Visit } from '../../../../machines/visitors/visitorPasses.types';
import { ScreenHeading } from './ScreenHeading';
import { failureText, useT, whenText } from './text';

/** The person's visits: upcoming first (each expected one with Edit and Cancel), past below; Invite a guest on top. */
export function VisitList({ actor }: { actor: VisitorPassesRef }) {
  const t = useT();
  const upcoming = useSelector(actor, (s) => s.context.visits.upcoming);
  const past = useSelector(actor, (s) => s.context.visits.past);
  const confirming = useSelector(actor, (s) => s.hasTag('confirmCancel'));
  const upcomingId = useId();
  const pastId = useId();
  return (
    <>
      <header className="top">
        <div>
          <ScreenHeading>{t('visitors.title')}</ScreenHeading>
          <p className="muted intro">{t('visitors.intro')}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'user.invite' })} inert={confirming}>
          {t('visitors.invite')}
        </button>
      </header>
      <section aria-labelledby={upcomingId} inert={confirming}>
        <h2 id={upcomingId} className="section-title">
          {t('visitors.upcoming')}
        </h2>
        {upcoming.length === 0 ? (
          <p className="empty">{t('visitors.empty.upcoming')}</p>
        ) : (
          <ul className="visits" data-testid="upcoming-visits">
            {upcoming.map((visit) => (
              <VisitItem key={visit.uuid} visit={visit} actor={actor} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={pastId} inert={confirming}>
        <h2 id={pastId} className="section-title">
          {t('visitors.past')}
        </h2>
        {past.length === 0 ? (
          <p className="empty">{t('visitors.empty.past')}</p>
        ) : (
          <ul className="visits" data-testid="past-visits">
            {past.map((visit) => (
              <VisitItem key={visit.uuid} visit={visit} actor={actor} />
            ))}
          </ul>
        )}
      </section>
      {confirming ? <CancelDialog actor={actor} /> : null}
    </>
  );
}

function VisitItem({ visit, actor }: { visit: Visit; actor: VisitorPassesRef }) {
  const t = useT();
  const intl = useIntl();
  const nameId = useId();
  const today = useSelector(actor, (s) => s.context.today);
  return (
    <li className="visit" aria-labelledby={nameId} data-state={visit.state}>
      <div className="visit-head">
        <span id={nameId} className="visit-name">
          {visit.guest_name}
        </span>
        <span className={`chip chip-${visit.state}`}>{t(`visitors.state.${visit.state}`)}</span>
      </div>
      <p className="visit-when">{whenText(intl, visit, today)}</p>
      <p className="visit-email muted">{visit.guest_email}</p>
      {visit.state === 'expected' ? (
        <div className="visit-actions">
          <button
            type="button"
            className="btn btn-quiet"
            aria-label={t('visitors.edit.label', { name: visit.guest_name })}
            onClick={() => actor.send({ type: 'user.edit', uuid: visit.uuid })}
          >
            {t('visitors.edit')}
          </button>
          <button
            type="button"
            className="btn btn-quiet btn-danger"
            aria-label={t('visitors.cancel.label', { name: visit.guest_name })}
            onClick={() => actor.send({ type: 'user.cancelVisit', uuid: visit.uuid })}
          >
            {t('visitors.cancel')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** "Cancel this visit?": Keep (Escape) or Cancel visit; a failed cancellation is said here. */
function CancelDialog({ actor }: { actor: VisitorPassesRef }) {
  const t = useT();
  const intl = useIntl();
  const visit = useSelector(actor, (s) => s.context.cancelling);
  const busy = useSelector(actor, (s) => s.hasTag('cancelling'));
  const error = useSelector(actor, (s) => s.context.error);
  const today = useSelector(actor, (s) => s.context.today);
  const titleId = useId();
  const bodyId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  if (!visit) return null;
  const close = () => (busy ? undefined : actor.send({ type: 'user.keep' }));
  return (
    <div className="backdrop">
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={(e) => (e.key === 'Escape' ? close() : undefined)}
      >
        <h2 id={titleId}>{t('visitors.cancel.title')}</h2>
        <p id={bodyId}>{t('visitors.cancel.body', { name: visit.guest_name })}</p>
        <p className="muted">{whenText(intl, visit, today)}</p>
        {error ? (
          <p className="form-error" role="alert">
            {failureText(intl, error)}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" ref={keep} className="btn btn-secondary" onClick={close} disabled={busy}>
            {t('visitors.cancel.keep')}
          </button>
          <button type="button" className="btn btn-danger-solid" onClick={() => actor.send({ type: 'user.confirmCancel' })} disabled={busy}>
            {busy ? t('visitors.cancel.cancelling') : t('visitors.cancel.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
