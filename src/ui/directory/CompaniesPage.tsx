import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { CompanyDirectoryRef } from '../../../machines/directory/companyDirectory.machine';
import { useScreen } from '../appContext';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Alert, PageContainer, Spinner, Text } from '../kit/Layout';
import { styled } from '../kit/stitches.config';
import { AreaScreen, useScreenBuilding } from '../shell/AreaScreen';
import { LoadFailed, PageTitle, SkeletonTiles, TileGrid, TileImage, TileLink, TileName } from './parts';

const Row = styled('div', { display: 'flex', alignItems: 'center', gap: '$3', padding: '$3 $4' });
const Logo = styled('div', { width: 64, flexShrink: 0, borderRadius: '$2', overflow: 'hidden', backgroundColor: '#FFFFFF' });
const Footer = styled('div', { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '$3', minHeight: 48 });
/** How far below the screen the list's end counts as near: the next page starts loading before it is reached. */
const NEAR_END_MARGIN = '0px 0px 400px 0px';

/** /building/{uuid}/companies[?company_types=a,b]: the building's company directory, paged as one scrolls. */
export function CompaniesPage() {
  const buildingUuid = useScreenBuilding();
  const directory = useScreen('companyDirectory');
  return (
    <AreaScreen areas={['directory']} ready={!!buildingUuid && !!directory}>
      {() => <DirectoryScreen directory={directory!} buildingUuid={buildingUuid!} />}
    </AreaScreen>
  );
}

function DirectoryScreen({ directory, buildingUuid }: { directory: CompanyDirectoryRef; buildingUuid: string }) {
  const t = useT();
  const loading = useSelector(directory, (s) => s.hasTag('loading'));
  const failed = useSelector(directory, (s) => s.hasTag('failed'));
  const empty = useSelector(directory, (s) => s.hasTag('empty'));
  const total = useSelector(directory, (s) => s.context.total);
  const listing = useSelector(directory, (s) => s.matches('listing'));
  return (
    <PageContainer>
      <PageTitle>{t('directory.companies.title')}</PageTitle>
      {listing ? <Text css={{ margin: 0 }}>{t('directory.companies.count', { total })}</Text> : null}
      {loading ? <SkeletonTiles min="directory" count={6} /> : null}
      {failed ? <LoadFailed message={t('directory.companies.failed')} onRetry={() => directory.send({ type: 'user.retry' })} /> : null}
      {empty ? <Text>{t('directory.companies.empty')}</Text> : null}
      {listing ? <CompanyList directory={directory} buildingUuid={buildingUuid} /> : null}
    </PageContainer>
  );
}

function CompanyList({ directory, buildingUuid }: { directory: CompanyDirectoryRef; buildingUuid: string }) {
  const t = useT();
  const companies = useSelector(directory, (s) => s.context.companies);
  const loadingMore = useSelector(directory, (s) => s.hasTag('loadingMore'));
  const pageFailed = useSelector(directory, (s) => s.hasTag('pageFailed'));
  const sentinel = useRef<HTMLDivElement>(null);
  // Observed afresh after each page: a sentinel still in view after a short page reports itself again.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) directory.send({ type: 'list.nearEnd' });
      },
      { rootMargin: NEAR_END_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [directory, companies.length]);
  return (
    <>
      <TileGrid min="directory" aria-label={t('directory.companies.title')}>
        {companies.map((company) => (
          <li key={company.uuid}>
            <TileLink to={`/building/${buildingUuid}/companies/${company.uuid}`}>
              <Row>
                <Logo>
                  <TileImage src={company.logo_url} alt="" ratio="1 / 1" fit="contain" />
                </Logo>
                <TileName css={{ padding: 0 }}>{company.name}</TileName>
              </Row>
            </TileLink>
          </li>
        ))}
      </TileGrid>
      <Footer ref={sentinel} data-testid="directory-end">
        {loadingMore ? <Spinner role="progressbar" aria-label={t('directory.companies.loadingMore')} /> : null}
        {pageFailed ? (
          <Alert role="alert" css={{ width: '100%', maxWidth: 560, display: 'flex', flexDirection: 'column', gap: '$3' }}>
            <span>{t('directory.companies.moreFailed')}</span>
            <Button type="button" variant="secondary" onClick={() => directory.send({ type: 'user.retry' })}>
              {t('directory.retry')}
            </Button>
          </Alert>
        ) : null}
      </Footer>
    </>
  );
}
