import { useIntl } from 'react-intl';
import { calendarLink, icsDataUrl, icsFile, type CalendarEvent } from '../../../machines/content/calendar';
import type { ContentView } from '../../../machines/content/contentView';
import { useBuildingSelector } from '../appContext';
import { formatEventDate, formatPrice } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { styled } from '../kit/stitches.config';

const Facts = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '$2 $4',
  margin: 0,
  '& dt': { fontWeight: 600, color: '$muted' },
  '& dd': { margin: 0 },
});
const Links = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$4', '& a': { color: '$primary', fontWeight: 600 } });

/** When, where, who and how much; with an add-to-calendar link and an .ics file. */
export function EventFacts({ content }: { content: ContentView }) {
  const t = useT();
  const locale = useIntl().locale;
  const buildingZone = useBuildingSelector((s) => s.context.current?.timezone ?? null);
  // The building's zone, as on the home's tiles (decision 070): the same day and time on both, whatever the browser's.
  const timeZone = buildingZone ?? content.timezone ?? 'UTC';
  const calendar: CalendarEvent | null =
    content.startAt && content.endAt
      ? {
          uuid: content.uuid,
          title: content.title,
          startAt: content.startAt,
          endAt: content.endAt,
          timezone: timeZone,
          location: content.address ?? content.virtualUrl,
          details: content.subtitle,
        }
      : null;
  const ended = !!content.endAt && Date.parse(content.endAt) <= Date.now();
  return (
    <>
      <Facts>
        {content.startAt && content.endAt ? (
          <>
            <dt>{t('content.when')}</dt>
            <dd data-testid="event-when">{formatEventDate(content.startAt, content.endAt, locale, timeZone)}</dd>
          </>
        ) : null}
        {content.address ? (
          <>
            <dt>{t('content.where')}</dt>
            <dd>{content.address}</dd>
          </>
        ) : null}
        {content.directions ? (
          <>
            <dt>{t('content.directions')}</dt>
            <dd>{content.directions}</dd>
          </>
        ) : null}
        {content.virtualText || content.virtualUrl ? (
          <>
            <dt>{t('content.online')}</dt>
            <dd>
              {content.virtualText}
              {content.virtualUrl ? (
                <>
                  {content.virtualText ? ' · ' : null}
                  <a href={content.virtualUrl} target="_blank" rel="noopener noreferrer">
                    {t('content.joinOnline')}
                  </a>
                </>
              ) : null}
              {content.virtualDirections ? <div>{content.virtualDirections}</div> : null}
            </dd>
          </>
        ) : null}
        <dt>{t('content.price')}</dt>
        <dd data-testid="event-price">
          {content.price && content.currency ? formatPrice(content.price, content.currency, locale) : t('content.free')}
        </dd>
      </Facts>
      {content.host ? <div>{t('content.hostedBy', { host: content.host })}</div> : null}
      {ended ? <div role="status">{t('content.ended')}</div> : null}
      {calendar && !ended ? (
        <Links>
          <a href={calendarLink(calendar)} target="_blank" rel="noopener noreferrer">
            {t('content.addToCalendar')}
          </a>
          <a
            href={icsDataUrl(icsFile(calendar, new Date()))}
            download={`${content.title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'event'}.ics`}
          >
            {t('content.downloadIcs')}
          </a>
        </Links>
      ) : null}
    </>
  );
}
