import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { VisitorPassesRef } from '../../../../machines/visitors/visitorPasses.machine';
import { visitorsMessages, type VisitorsMessageId } from '../i18n';
import { applyTheme } from '../theme';
import { VisitList } from './VisitList';
import { VisitForm } from './VisitForm';
import { Confirmation } from './Confirmation';
import { failureText, useT } from './text';
import { ScreenHeading } from './ScreenHeading';

/** Which screen the flow is on: one at a time, each with its own heading (focus goes there when it changes). */
type Screen = 'connecting' | 'unavailable' | 'loading' | 'loadFailed' | 'list' | 'form' | 'done';

const screenOf = (s: ReturnType<VisitorPassesRef['getSnapshot']>): Screen => {
  for (const tag of ['connecting', 'unavailable', 'loading', 'loadFailed', 'list', 'form', 'done'] as const) if (s.hasTag(tag)) return tag;
  return 'loading';
};

/** The Visitors mini-app: the host's language and theme, and the flow's current screen. */
export function VisitorsApp({ actor }: { actor: VisitorPassesRef }) {
  const requested = useSelector(actor, (s) => s.context.locale);
  const theme = useSelector(actor, (s) => s.context.theme);
  const { locale, messages } = useMemo(() => visitorsMessages(requested), [requested]);
  useEffect(() => applyTheme(document.documentElement, theme), [theme]);
  useEffect(() => void (document.documentElement.lang = locale), [locale]);
  return (
    <IntlProvider locale={locale} defaultLocale="en" messages={messages}>
      <Screens actor={actor} />
    </IntlProvider>
  );
}

function Screens({ actor }: { actor: VisitorPassesRef }) {
  const t = useT();
  const screen = useSelector(actor, screenOf);
  const title = t('visitors.title');
  useEffect(() => void (document.title = title), [title]);
  return (
    <main className="app" aria-busy={screen === 'connecting' || screen === 'loading'}>
      {screen === 'connecting' || screen === 'loading' ? (
        <Waiting label={screen === 'connecting' ? 'visitors.connecting' : 'visitors.loading'} />
      ) : null}
      {screen === 'unavailable' ? <Problem actor={actor} title="visitors.unavailable.title" /> : null}
      {screen === 'loadFailed' ? <Problem actor={actor} title="visitors.loadFailed.title" /> : null}
      {screen === 'list' ? <VisitList actor={actor} /> : null}
      {screen === 'form' ? <VisitForm actor={actor} /> : null}
      {screen === 'done' ? <Confirmation actor={actor} /> : null}
    </main>
  );
}

function Waiting({ label }: { label: VisitorsMessageId }) {
  const t = useT();
  return (
    <div className="centre" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{t(label)}</p>
    </div>
  );
}

function Problem({ actor, title }: { actor: VisitorPassesRef; title: VisitorsMessageId }) {
  const t = useT();
  const intl = useIntl();
  const error = useSelector(actor, (s) => s.context.error);
  const unavailable = title === 'visitors.unavailable.title';
  return (
    <div className="centre">
      <ScreenHeading>{t(title)}</ScreenHeading>
      <p className="muted">{unavailable ? t('visitors.unavailable.body') : failureText(intl, error)}</p>
      <button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'user.retry' })}>
        {t('visitors.retry')}
      </button>
    </div>
  );
}
